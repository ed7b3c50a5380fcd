import { escapeHtml } from '../../lib/format/html';
import type { Site } from './site';

/** The pages the edge serves itself: a site's start page, the placeholder, and "no site here". */

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#1f2933;background:#f5f7fa}main{max-width:40rem;padding:2rem}h1{font-size:1.75rem;margin:0 0 .5rem}p{margin:.25rem 0;color:#52606d}@media (prefers-color-scheme:dark){body{color:#e4e7eb;background:#1f2933}p{color:#9aa5b1}}</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}

/** The installed software's start page: the site's name and what runs it. */
export const softwarePage = (site: Site, software: NonNullable<Site['software']>) =>
  page(
    software.siteName || site.domain,
    `<h1>${escapeHtml(software.siteName || site.domain)}</h1><p>Welcome to ${escapeHtml(site.domain)}, powered by ${escapeHtml(software.name)}.</p>`,
  );

/** A domain without software (issue 8 "An HTTP edge"). */
export const PLACEHOLDER_TEXT = 'This domain is served by Hostdeck';
export const placeholderPage = (site: Site) => page(site.domain, `<h1>${PLACEHOLDER_TEXT}</h1><p>${escapeHtml(site.domain)}</p>`);

export const NO_SITE_TEXT = 'No site is served at this address.';
export const noSitePage = (host: string | null) => page('Site not found', `<h1>${NO_SITE_TEXT}</h1>${host ? `<p>${escapeHtml(host)}</p>` : ''}`);

/**
 * The software's admin, as a one-time sign-in link opens it (spec part 2, 7.2 login/software):
 * the reference API's sandbox stands in for the software's own dashboard.
 */
export const softwareAdminPage = (site: Site, software: NonNullable<Site['software']>, username: string) =>
  page(
    `Dashboard - ${software.siteName || site.domain}`,
    `<h1>${escapeHtml(software.name)} dashboard</h1><p>Signed in to ${escapeHtml(site.domain)} as <strong>${escapeHtml(username)}</strong>.</p><p>This is the sandbox's stand-in for the software's own admin.</p>`,
  );

/**
 * The hosting account's control panel, as a one-time cPanel sign-in link opens it (spec part 2,
 * 7.2 login/cpanel): the reference API's sandbox control panel, listing the account's domains.
 */
export const controlPanelPage = (account: { name: string }, username: string, domains: readonly string[]) =>
  page(
    `Control panel - ${account.name}`,
    `<h1>Control panel of ${escapeHtml(account.name)}</h1><p>Signed in as <strong>${escapeHtml(username)}</strong>.</p><h2>Domains on this account</h2><ul>${domains.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul><p>This is the sandbox's stand-in for cPanel.</p>`,
  );

export const LINK_USED_TEXT = 'This sign-in link has expired or was used already.';
export const linkUsedPage = () => page('Sign-in link expired', `<h1>${LINK_USED_TEXT}</h1><p>Open it again from the panel.</p>`);

/** A request a firewall rule rejects (issue 9 "The edge enforces it"): 403 with a short page. */
export const REJECTED_TEXT = 'Access to this site was refused.';
export const rejectedPage = (host: string) =>
  page('Access refused', `<h1>${REJECTED_TEXT}</h1><p>The site's firewall does not let this request through.</p><p>${escapeHtml(host)}</p>`);

/** A request past a rate limit: 429 with the seconds until the window ends (also sent as Retry-After). */
export const LIMITED_TEXT = 'Too many requests.';
export const limitedPage = (host: string, retryAfterSeconds: number) =>
  page('Too many requests', `<h1>${LIMITED_TEXT}</h1><p>Please try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'}.</p><p>${escapeHtml(host)}</p>`);

/** A path the edge cannot normalise (issue 33: bad escapes, no UTF-8, a NUL), refused before any rule. */
export const BAD_PATH_TEXT = 'This address cannot be read.';
export const badPathPage = () => page('Bad request', `<h1>${BAD_PATH_TEXT}</h1><p>Its path holds an escape that is not valid UTF-8 or a NUL.</p>`);

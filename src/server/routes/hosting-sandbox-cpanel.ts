import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { HostingPlanLimits } from '../../lib/api/hosting';
import type { AppEnv } from '../context';
import { hostingAccountDetail } from '../services/hosting-accounts';
import { accountDomainNames, SANDBOX_CPANEL_PATH, useSandboxCpanelLink } from '../services/sandbox-cpanel';
import { escapeHtml } from '../../lib/format/html';

/**
 * The reference API's stand-in for cPanel (spec part 3, 2.8 "cPanel login"; docs/decisions.md
 * "Hosting accounts"): the page a one-time link from `GET /hosting/shared_hosting/{guid}/cpanel/login/`
 * opens in a new tab. It says plainly what it is and shows the account, its user, server, plan
 * limits and domains. No script; the only style is this page's own block, allowed by its hash.
 */

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
main{max-width:44rem;margin:2rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.sandbox{background:#fff4d6;color:#5c4300;border:1px solid #e8c65a;border-radius:8px;padding:.75rem 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #d5d9e0}
@media (prefers-color-scheme:dark){body{background:#0f1218;color:#e6e9ef}main{background:#1a1f29;box-shadow:none}.sandbox{background:#3b3113;color:#f5dd9a;border-color:#7a6320}th,td{border-color:#394150}}`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
const CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`;

export const SANDBOX_CPANEL_NOTICE = "This is the reference API's stand-in for cPanel: no real server was touched.";
export const SANDBOX_LINK_USED = 'This cPanel login link has expired or was used already.';

function page(c: Context<AppEnv>, title: string, body: string, status: 200 | 410 = 200) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} - Sandbox control panel</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1><p class="sandbox"><strong>Sandbox control panel.</strong> ${escapeHtml(SANDBOX_CPANEL_NOTICE)} A real provider would sign you in to the account's cPanel here.</p>${body}</main></body></html>`;
  return c.html(html, status, { 'Content-Security-Policy': CSP, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
}

const LIMIT_LABELS: [keyof HostingPlanLimits, string, string][] = [
  ['storage', 'Storage', ' GB'],
  ['bandwidth', 'Bandwidth', ' GB'],
  ['inodes', 'Inodes', ''],
  ['memory', 'Memory', ' MB'],
  ['cpu', 'CPU cores', ''],
  ['entry_processes', 'Entry processes', ''],
  ['active_processes', 'Active processes', ''],
  ['email_accounts', 'Email accounts', ''],
  ['databases', 'Databases', ''],
  ['subdomains', 'Subdomains', ''],
  ['parked_domains', 'Parked domains', ''],
  ['addon_domains', 'Addon domains', ''],
];

const list = (facts: [string, string][]) => `<dl>${facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;

/** `GET /sandbox-cpanel/{token}/`: public, the one-time token is the capability (the browser carries no API token here). */
export function sandboxCpanelRoutes() {
  return new Hono<AppEnv>().get(`${SANDBOX_CPANEL_PATH}/:token`, async (c) => {
    const { db, now } = c.var.deps;
    const accountGuid = await useSandboxCpanelLink(db, c.req.param('token'), now());
    const gone = () => page(c, 'Link expired', `<p>${escapeHtml(SANDBOX_LINK_USED)}</p><p>Open cPanel Login again from the hosting account's page in the panel.</p>`, 410);
    if (!accountGuid) return gone();
    const account = await hostingAccountDetail(db, accountGuid).catch(() => null);
    if (!account) return gone();
    const names = await accountDomainNames(db, accountGuid);
    const facts: [string, string][] = [
      ['Account', account.name],
      ['Username', account.username ?? '-'],
      ['Server', account.hosting_server ? `${account.hosting_server.hostname} (${account.hosting_server.ip_address})` : '-'],
      ['Location', account.location ? `${account.location.city}, ${account.location.country_name}` : '-'],
      ['Plan', account.plan?.name ?? '-'],
    ];
    const limits = account.plan_limits;
    const limitFacts: [string, string][] = limits ? LIMIT_LABELS.map(([key, label, unit]) => [label, limits[key] === null ? 'Unlimited' : `${limits[key]}${unit}`]) : [];
    const domainList = names.length ? `<ul>${names.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>` : '<p>No domains on this account yet.</p>';
    return page(
      c,
      `Control panel of ${account.name}`,
      `${list(facts)}<h2>Plan limits</h2>${limitFacts.length ? list(limitFacts) : '<p>No plan.</p>'}<h2>Domains (${names.length})</h2>${domainList}`,
    );
  });
}

import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import { recordReferralClick } from '../services/affiliate-programme';
import { REFERRAL_PATH } from '../../lib/rules/affiliate';
import { honoPath } from '../http/operation';

/** The cookie that remembers a followed link's click for the affiliate's cookie duration. */
export const AFFILIATE_COOKIE = 'hostdeck_aff_click_id';
export const SIGN_UP_PATH = '/auth/register';

/**
 * The referral link handler (spec part 3, 2.10; docs/decisions.md "Affiliate programme"):
 * `GET /api/affiliate/r/{hash}` on the panel's origin, public. An ACTIVE link of an ACTIVE
 * affiliate records a click (affiliate_visits: a click id, the address, browser and referrer),
 * keeps the click id in a cookie for the affiliate's cookie duration and sends the visitor to
 * the sign-up page with `aff_click_id`, which the sign-up stores with the new user. Any other
 * hash (unknown, pending, disabled) sends the visitor to the sign-up page and records nothing:
 * a visitor never sees an error for a link someone else shared.
 */
export function affiliateReferralRoutes() {
  const app = new Hono<AppEnv>();
  app.get(honoPath(REFERRAL_PATH), async (c) => {
    const { db, now } = c.var.deps;
    const hash = (c.req.param('hash') ?? '').toLowerCase().slice(0, 100);
    const click = await recordReferralClick(
      db,
      hash,
      {
        ipAddress: c.var.ip === 'unknown' ? null : c.var.ip,
        userAgent: c.var.userAgent || null,
        referer: c.req.header('referer')?.slice(0, 500) ?? null,
        landingUrl: c.req.url.slice(0, 500),
      },
      now(),
    );
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    if (!click) return c.redirect(SIGN_UP_PATH, 302);
    setCookie(c, AFFILIATE_COOKIE, click.clickId, { path: '/', maxAge: click.cookieDays * 86_400, sameSite: 'Lax', httpOnly: true });
    return c.redirect(`${SIGN_UP_PATH}?aff_click_id=${encodeURIComponent(click.clickId)}`, 302);
  });
  return app;
}

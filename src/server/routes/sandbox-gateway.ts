import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { formatMoney, type Currency } from '../../lib/billing/money';
import { CARD_HOLD_NOTICE } from '../../lib/schemas/billing-payments';
import type { AppEnv } from '../context';
import { gatewaySessions, paymentMethods } from '../db/schema/index';
import { completeSession, isExpired, returnUrlOf } from '../billing/gateway-outcome';
import { SANDBOX_PATH } from '../billing/gateway';
import { escapeHtml } from '../../lib/format/html';

/**
 * The sandbox gateway's payer page (spec decisions, 3 "Payments and card verification"): the
 * browser comes here from a redirect_url or verification_url, sees what it approves and either
 * approves or declines; the form posts back here and the answer sends it on to the panel. No
 * script: a plain form, under a policy that allows only this page's own style block. The
 * session's unguessable guid is what grants access (the browser carries no API token here), as
 * a hosted payment page's address does.
 */

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
main{max-width:32rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.sandbox{background:#fff4d6;color:#5c4300;border:1px solid #e8c65a;border-radius:8px;padding:.75rem 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
.actions{display:flex;gap:1rem;margin-top:1.5rem}button{font:inherit;padding:.6rem 1.4rem;border-radius:8px;border:1px solid #8a93a6;background:#fff;color:#1d2330;cursor:pointer}
button.approve{background:#1f6feb;border-color:#1f6feb;color:#fff}
@media (prefers-color-scheme:dark){body{background:#0f1218;color:#e6e9ef}main{background:#1a1f29;box-shadow:none}.sandbox{background:#3b3113;color:#f5dd9a;border-color:#7a6320}button{background:#1a1f29;color:#e6e9ef}button.approve{background:#3d7df0;color:#fff}}`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
const CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const METHOD_NAMES: Record<string, string> = { CARD: 'Card', PAYPAL: 'PayPal', CRYPTOMUS: 'Cryptomus', BINANCE_PAY: 'Binance Pay', BANK_TRANSFER: 'Bank transfer' };

function page(c: Context<AppEnv>, title: string, body: string, status: 200 | 404 | 410 = 200) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} - Sandbox gateway</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1><p class="sandbox"><strong>Sandbox gateway.</strong> This page stands in for a payment provider in the reference API: no card is charged and no money moves. A real gateway replaces it.</p>${body}</main></body></html>`;
  return c.html(html, status, { 'Content-Security-Policy': CSP, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
}

async function loadSession(c: Context<AppEnv>) {
  const guid = c.req.param('session') ?? '';
  if (!GUID.test(guid)) return null;
  const [row] = await c.var.deps.db
    .select({ session: gatewaySessions, methodName: paymentMethods.name, methodDetails: paymentMethods.details })
    .from(gatewaySessions)
    .leftJoin(paymentMethods, eq(paymentMethods.guid, gatewaySessions.paymentMethodGuid))
    .where(eq(gatewaySessions.guid, guid));
  return row ?? null;
}

const notFoundPage = (c: Context<AppEnv>) => page(c, 'Session not found', '<p>This gateway session does not exist. Go back to the panel and start again.</p>', 404);

/** `GET` and `POST /sandbox-gateway/{session}/`: public, the session's guid is the capability. */
export function sandboxGatewayRoutes() {
  return new Hono<AppEnv>()
    .get(`${SANDBOX_PATH}/:session`, async (c) => {
      const row = await loadSession(c);
      if (!row) return notFoundPage(c);
      const { session } = row;
      if (session.status !== 'PENDING' || isExpired(session, c.var.deps.now())) {
        const back = session.status === 'PENDING' ? returnUrlOf({ ...session, status: 'EXPIRED' }) : returnUrlOf(session);
        return page(
          c,
          'This session is over',
          `<p>This session was ${escapeHtml(session.status === 'PENDING' ? 'expired' : session.status.toLowerCase())}.</p><p><a href="${escapeHtml(back)}">Back to the panel</a></p>`,
          410,
        );
      }
      const method = METHOD_NAMES[session.paymentMethodType] ?? session.paymentMethodType;
      const facts: [string, string][] =
        session.kind === 'PAYMENT'
          ? [
              ['Paying', `Invoice #${session.invoiceId}`],
              ['Amount', formatMoney(session.amountCents, session.currency as Currency)],
              ['Method', row.methodName ? `${method}: ${row.methodName} (${row.methodDetails})` : method],
              ...(session.cryptocurrency ? ([['Coin', session.cryptocurrency]] as [string, string][]) : []),
            ]
          : session.kind === 'CARD_VERIFICATION'
            ? [
                ['Verifying', `${row.methodName ?? 'Card'} (${row.methodDetails ?? ''})`],
                ['Reservation', formatMoney(session.amountCents, 'USD')],
              ]
            : [['Connecting', `PayPal account ${row.methodDetails ?? ''}`]];
      const title = session.kind === 'PAYMENT' ? 'Approve the payment' : session.kind === 'CARD_VERIFICATION' ? 'Verify the card' : 'Connect PayPal';
      const note = session.kind === 'CARD_VERIFICATION' ? `<p>${escapeHtml(CARD_HOLD_NOTICE)}</p>` : '';
      const list = facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('');
      return page(
        c,
        title,
        `<dl>${list}</dl>${note}<form method="post"><div class="actions"><button class="approve" type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="decline">Decline</button></div></form>`,
      );
    })
    .post(`${SANDBOX_PATH}/:session`, async (c) => {
      const row = await loadSession(c);
      if (!row) return notFoundPage(c);
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const decision = form.decision === 'approve' ? 'APPROVED' : 'DECLINED';
      const done = await completeSession(c.var.deps, row.session.guid, decision);
      if (!done) return notFoundPage(c);
      return c.redirect(done.returnUrl, 303);
    });
}

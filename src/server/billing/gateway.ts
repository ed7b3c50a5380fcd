import type { Db } from '../db/connection';
import { gatewaySessions } from '../db/schema/index';

/**
 * Where the payer goes to pay or to verify a payment method (spec decisions, 3 "Payments and
 * card verification"). The reference API runs a sandbox gateway: its page is served by the API
 * itself (src/server/routes/sandbox-gateway.ts) and the payer approves or declines there; what
 * an approved or declined session does is src/server/billing/gateway-outcome.ts. A real
 * integration implements this interface (its redirect URL is the provider's hosted page, and its
 * webhook calls the same outcome functions).
 */
export interface PaymentGateway {
  /** A payment of `amountCents` towards an invoice; the payer comes back to `returnUrl`. */
  startPayment(db: Db, payment: GatewayPayment): Promise<GatewayStart>;
  /** The $1.00 verification hold on a new card (spec part 3, 9). */
  startCardVerification(db: Db, verification: GatewayVerification): Promise<GatewayStart>;
  /** The payer's consent to future PayPal charges. */
  startPaypalAgreement(db: Db, verification: GatewayVerification): Promise<GatewayStart>;
}

export interface GatewayStart {
  sessionGuid: string;
  /** Where the browser goes next (the answer's redirect_url or verification_url). */
  redirectUrl: string;
}

interface GatewayVisit {
  companyGuid: string;
  createdBy: string;
  /** The panel's origin: the sandbox page is at {origin}/api/... and the payer comes back to it. */
  origin: string;
  returnUrl: string;
  /** The server's clock when the payer was sent (the session expires from then). */
  startedAt: Date;
}

export interface GatewayPayment extends GatewayVisit {
  invoiceId: number;
  methodType: string;
  paymentMethodGuid: string | null;
  amountCents: number;
  currency: 'USD' | 'EUR';
  cryptocurrency: string | null;
}

export interface GatewayVerification extends GatewayVisit {
  paymentMethodGuid: string;
}

/** Where the panel's server mounts the API (src/server/mount.ts API_PREFIX; not imported: that module opens the database). */
const API_MOUNT = '/api';
export const SANDBOX_PATH = '/sandbox-gateway';

/** The kinds of session the sandbox records (gateway_sessions.kind). */
export type SessionKind = 'PAYMENT' | 'CARD_VERIFICATION' | 'PAYPAL_AGREEMENT';

async function openSession(
  db: Db,
  kind: SessionKind,
  visit: GatewayVisit,
  values: Partial<typeof gatewaySessions.$inferInsert> & { paymentMethodType: string },
): Promise<GatewayStart> {
  const [row] = await db
    .insert(gatewaySessions)
    .values({ companyGuid: visit.companyGuid, kind, createdBy: visit.createdBy, returnUrl: visit.returnUrl, dateCreated: visit.startedAt, ...values })
    .returning({ guid: gatewaySessions.guid });
  return { sessionGuid: row!.guid, redirectUrl: `${visit.origin}${API_MOUNT}${SANDBOX_PATH}/${row!.guid}/` };
}

/** The reference API's gateway: every visit is a gateway_sessions row and a page of the API's own. */
export const sandboxGateway: PaymentGateway = {
  startPayment: (db, p) =>
    openSession(db, 'PAYMENT', p, {
      invoiceId: p.invoiceId,
      paymentMethodType: p.methodType,
      paymentMethodGuid: p.paymentMethodGuid,
      amountCents: p.amountCents,
      currency: p.currency,
      cryptocurrency: p.cryptocurrency,
    }),
  startCardVerification: (db, v) =>
    openSession(db, 'CARD_VERIFICATION', v, { paymentMethodType: 'CARD', paymentMethodGuid: v.paymentMethodGuid, amountCents: 100, currency: 'USD' }),
  startPaypalAgreement: (db, v) => openSession(db, 'PAYPAL_AGREEMENT', v, { paymentMethodType: 'PAYPAL', paymentMethodGuid: v.paymentMethodGuid, amountCents: 0, currency: 'USD' }),
};

/** The gateway this API uses; a real integration replaces the sandbox here. */
export const paymentGateway: PaymentGateway = sandboxGateway;

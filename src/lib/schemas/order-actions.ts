import { z } from 'zod/mini';
import { CANCELLATION_AGREE, CANCELLATION_SUBMITTED, cancellationFeedback, reasonCheck } from './ip-addresses';

/**
 * Inputs of an order's cancel and extend (spec part 3, 2.6, 4 "Orders", 5 "Extend order", 7
 * "Billing"). Shared by the order page's dialogs and the server.
 */

/** Spec part 3, 4 "Orders": ACTIVE and PENDING can be cancelled; only ACTIVE can be extended. */
export const CANCELLABLE_ORDER_STATUSES = ['ACTIVE', 'PENDING'] as const;
export const EXTENDABLE_ORDER_STATUSES = ['ACTIVE'] as const;
export const canCancelOrder = (status: string) => (CANCELLABLE_ORDER_STATUSES as readonly string[]).includes(status);
export const canExtendOrder = (status: string) => (EXTENDABLE_ORDER_STATUSES as readonly string[]).includes(status);

export const ORDER_NOT_CANCELLABLE = 'Only active and pending orders can be cancelled.';
export const ORDER_CANCELLATION_REQUESTED = 'This order already has a cancellation request. You can see it under Billing > Cancellation Requests.';
export const ORDER_NOT_EXTENDABLE = 'Only active orders can be extended.';
/** Spec part 3, 5 "Extend order": a period and the terms checkbox are required. */
export const CHOOSE_PERIOD = 'Please choose an extension period!';
export const UNKNOWN_PERIOD = 'This extension period is not offered for this order. Choose one of the periods shown.';
/** The terms box of an order's paid step (an extension, a website setup): its label, and the error while it is unticked. */
export const TERMS_AGREE_LABEL = 'I agree to the terms of service.';
export const TERMS_AGREE = 'Please agree to the terms of service!';
/** Success sentences: the cancel one is the spec's (8); the extension's follows 'Order successfully placed, redirecting to invoice...'. */
export const ORDER_CANCELLATION_SUBMITTED = CANCELLATION_SUBMITTED;
export const NOTHING_TO_EXTEND = 'This order has no active services left to extend.';
export const ORDER_ADDRESSES_OUT_OF_REACH = 'This order holds IP addresses in groups you cannot manage. Ask an administrator of the company to cancel it.';
export const ORDER_EXTENSION_INVOICED = 'Extension invoice created, redirecting to invoice...';

/** `POST /billing/orders/{id}/cancel/`: the cancellation form's fields without the IP check (spec part 3, 5). */
export const orderCancellationSchema = z.object(cancellationFeedback).check(reasonCheck());
export type OrderCancellation = z.input<typeof orderCancellationSchema>;
export const orderCancellationFormSchema = z.object({ ...cancellationFeedback, agree: CANCELLATION_AGREE }).check(reasonCheck());

const period = z.number(CHOOSE_PERIOD).check(z.int(CHOOSE_PERIOD), z.gte(1, CHOOSE_PERIOD), z.lte(120, UNKNOWN_PERIOD));

/** `POST /billing/orders/{id}/extend/`: the period in months, one of the extension options. */
export const extendOrderSchema = z.object({ period });
export type ExtendOrder = z.input<typeof extendOrderSchema>;
export const extendOrderFormSchema = z.object({ period, agree: z.literal(true, TERMS_AGREE) });

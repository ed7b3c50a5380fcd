import { z } from 'zod/mini';
import { TERMS_AGREE } from './order-actions';
import { ARTICLE_COUNTS, WEBSITE_COUNT, WHITE_GLOVE_MIN_WEBSITES } from '../billing/pricing';

/**
 * The done-for-you website order of the services page (spec part 3, 2.12, 5 "Website order", 7
 * "Services and search", 9 "Website-setup order pricing"): the form and the server check it with these.
 */

/** Spec part 3, 5 "Website order". */
export const WEBSITE_COUNT_MESSAGE = 'Please enter a valid website count between 1 and 100!';
/** Spec part 3, 8: Create Order yields an invoice and the payer goes to it. */
export const WEBSITE_ORDER_CREATED = 'Order successfully created!';
// Our sentences: the spec names none for these.
export const ARTICLE_COUNT_MESSAGE = `Please choose ${ARTICLE_COUNTS.slice(0, -1).join(', ')} or ${ARTICLE_COUNTS.at(-1)} articles per website!`;
export const WHITE_GLOVE_MESSAGE = `White-glove domain picking needs at least ${WHITE_GLOVE_MIN_WEBSITES} websites!`;
/** Spec part 3, 9: "more: contact support". */
export const MORE_WEBSITES_NOTE = `Need more than ${WEBSITE_COUNT.max} websites? Contact support.`;

const websiteCount = z
  .number(WEBSITE_COUNT_MESSAGE)
  .check(z.int(WEBSITE_COUNT_MESSAGE), z.gte(WEBSITE_COUNT.min, WEBSITE_COUNT_MESSAGE), z.lte(WEBSITE_COUNT.max, WEBSITE_COUNT_MESSAGE));
const contentCount = z.number(ARTICLE_COUNT_MESSAGE).check(z.refine((n) => (ARTICLE_COUNTS as readonly number[]).includes(n), ARTICLE_COUNT_MESSAGE));

const fields = {
  website_count: websiteCount,
  content_count: contentCount,
  premium_theme: z._default(z.boolean(), false),
  managed_hosting: z._default(z.boolean(), false),
  white_glove_domain_picking: z._default(z.boolean(), false),
};

type Fields = { website_count: number; white_glove_domain_picking?: boolean };
/** Spec part 3, 5: "white-glove option selectable only with at least 10 websites". */
const whiteGloveCheck = () =>
  z.superRefine((order: Fields, ctx) => {
    if (order.white_glove_domain_picking && order.website_count < WHITE_GLOVE_MIN_WEBSITES) {
      ctx.issues.push({ code: 'custom', message: WHITE_GLOVE_MESSAGE, path: ['white_glove_domain_picking'], input: order.white_glove_domain_picking });
    }
  });

/** `POST /billing/orders/website-setup/create/`. */
export const websiteSetupSchema = z.object(fields).check(whiteGloveCheck());
export type WebsiteSetupInput = z.input<typeof websiteSetupSchema>;

/** The page's form: the order and the terms box (spec part 3, 5: "terms checkbox required"). */
export const websiteSetupFormSchema = z.object({ ...fields, agree: z.literal(true, TERMS_AGREE) }).check(whiteGloveCheck());

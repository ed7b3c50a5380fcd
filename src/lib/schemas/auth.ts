import { z } from 'zod';

/** Tracking parameters carried from the landing URL into sign-in and sign-up (spec part 1, 3). */
export const TRACKING_KEYS = ['utm_campaign', 'utm_source', 'utm_medium', 'utm_content', 'utm_term', 'aff_click_id'] as const;
const trackingValue = z.string().max(200).optional();
export const trackingSchema = z.object({
  utm_campaign: trackingValue,
  utm_source: trackingValue,
  utm_medium: trackingValue,
  utm_content: trackingValue,
  utm_term: trackingValue,
  aff_click_id: trackingValue,
});

/** A trimmed text that must not be empty; a missing value gets the same sentence. */
export const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Login form and POST /auth/login/ (spec part 1, 5). */
export const loginSchema = z
  .object({
    email: required('Please enter your email address!'),
    password: required('Please enter your password!'),
    /** A random device id made once per browser (decisions, 2: no fingerprinting). */
    fingerprint: z.string().max(200).optional(),
  })
  .extend(trackingSchema.shape);
export type LoginInput = z.input<typeof loginSchema>;

/** Turns a zod failure into field -> first message, the shape the API answers in `fields`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

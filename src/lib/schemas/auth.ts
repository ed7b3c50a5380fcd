import { z } from 'zod/mini';
import { LIMITS, required, text } from './text';
import { secret } from './password';

/** Tracking parameters carried from the landing URL into sign-in and sign-up (spec part 1, 3). */
export const TRACKING_KEYS = ['utm_campaign', 'utm_source', 'utm_medium', 'utm_content', 'utm_term', 'aff_click_id'] as const;
const trackingValue = z.optional(text({ label: 'A tracking parameter', max: 200 }));
export const trackingSchema = z.object({
  utm_campaign: trackingValue,
  utm_source: trackingValue,
  utm_medium: trackingValue,
  utm_content: trackingValue,
  utm_term: trackingValue,
  aff_click_id: trackingValue,
});

/** Login form and POST /auth/login/ (spec part 1, 5). */
export const loginSchema = z.object({
  email: required('Please enter your email address!', LIMITS.email),
  password: secret('Please enter your password!'),
  /** A random device id made once per browser (decisions, 2: no fingerprinting). */
  fingerprint: z.optional(text({ label: 'The device id', max: 200 })),
  ...trackingSchema.shape,
});
export type LoginInput = z.input<typeof loginSchema>;

/** Turns a zod failure into field -> first message, the shape the API answers in `fields`. */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  // A Map, not an object: a field named `constructor` or `__proto__` is just a name here.
  const out = new Map<string, string>();
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!out.has(key)) out.set(key, issue.message);
  }
  return Object.fromEntries(out);
}

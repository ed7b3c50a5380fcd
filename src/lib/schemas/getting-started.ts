import { z } from 'zod/mini';
import { FIRST_STEP, LAST_STEP } from '../rules/getting-started';

/** Spec decisions.md: the eight steps, numbered 1 to 8. */
export const STEP_RANGE = `The step must be a whole number from ${FIRST_STEP} to ${LAST_STEP}.`;
export const ONE_DATA_FIELD = 'Send one of domain_group, ip_group or domain_info.';

/** POST /account/companies/{guid}/getting-started/ (spec part 1, 7): step, and start (true sets step 2). */
export const gettingStartedStepSchema = z.object({
  step: z.number({ error: STEP_RANGE }).check(z.int(STEP_RANGE), z.gte(FIRST_STEP, STEP_RANGE), z.lte(LAST_STEP, STEP_RANGE)),
  start: z.optional(z.boolean()),
});
export type GettingStartedStepInput = z.input<typeof gettingStartedStepSchema>;

const domainInfo = z.object({
  domain: z.string().check(z.minLength(1), z.maxLength(253)),
  ip_address: z.string().check(z.minLength(1), z.maxLength(45)),
});

/** POST .../getting-started/data/ (spec part 1, 7): one of domain_group, ip_group or domain_info. */
export const gettingStartedDataSchema = z
  .object({
    domain_group: z.optional(z.guid('Domain group not found.')),
    ip_group: z.optional(z.guid('IP group not found.')),
    domain_info: z.optional(z.array(domainInfo).check(z.maxLength(50))),
  })
  .check(z.refine((body) => [body.domain_group, body.ip_group, body.domain_info].filter((v) => v !== undefined).length === 1, { error: ONE_DATA_FIELD }));
export type GettingStartedDataInput = z.input<typeof gettingStartedDataSchema>;

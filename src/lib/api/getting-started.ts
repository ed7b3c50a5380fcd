import { z } from 'zod';
import { gettingStartedRoutes } from '../requests/getting-started';
import { defineOperation, guidParam } from './define';
import { gettingStartedDataSchema, gettingStartedStepSchema } from '../schemas/getting-started';
import { COMPANY_NOT_FOUND } from '../schemas/company';

/** The getting-started wizard's state, saved per company (spec part 1, 3 Company and 7). */
export const gettingStartedState = z
  .object({
    show_getting_started: z.boolean(),
    getting_started_step: z.number().int().min(1).max(8),
    getting_started_data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'GettingStartedState' });
export type GettingStartedState = z.infer<typeof gettingStartedState>;

/**
 * The company's own calls: closed to customer accounts, as the account area is (spec part 1, 7);
 * any other member may move it, since the wizard is the company's, not one person's.
 */
const wizard = {
  area: 'shell',
  customers: false,
  params: z.object({ guid: guidParam }),
  notFound: COMPANY_NOT_FOUND,
  companyPath: COMPANY_NOT_FOUND,
  answer: gettingStartedState,
} as const;

export const setGettingStartedStepOp = defineOperation({
  ...gettingStartedRoutes.setStep,
  ...wizard,
  summary: 'Moves the getting-started wizard to a step (start: true starts it at step 2)',
  body: gettingStartedStepSchema,
});
export const stopGettingStartedOp = defineOperation({ ...gettingStartedRoutes.stop, ...wizard, summary: 'Stops the getting-started wizard: hidden, back to step 1' });
export const saveGettingStartedDataOp = defineOperation({
  ...gettingStartedRoutes.saveData,
  ...wizard,
  summary: 'Keeps the domain group, the IP group or the first domains the wizard made',
  body: gettingStartedDataSchema,
});

import { saveGettingStartedDataOp, setGettingStartedStepOp, stopGettingStartedOp } from '../../lib/api/getting-started';
import { STEP } from '../../lib/rules/getting-started';
import { implement } from '../http/operation';
import { saveWizardData, showWizardAt, stopWizard } from '../services/getting-started';

/**
 * The getting-started wizard's state, saved per company so another browser continues where the
 * first stopped (spec part 1, 4 and 7). Events elsewhere move it too: src/server/services/getting-started.ts.
 */
export const gettingStartedOperations = [
  // 'Set Up My First Domain' sends start: the wizard is shown from the introduction on.
  implement(setGettingStartedStepOp, async (c, { body }) => showWizardAt(c.var.deps.db, c.var.company.guid, body.start ? STEP.introduction : body.step)),
  implement(stopGettingStartedOp, async (c) => stopWizard(c.var.deps.db, c.var.company.guid)),
  implement(saveGettingStartedDataOp, async (c, { body }) => saveWizardData(c.var.deps.db, c.var.company, body)),
];

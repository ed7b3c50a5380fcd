import type { Api } from '../api/client';
import { call } from '../api/send';
import type { saveGettingStartedDataOp, setGettingStartedStepOp, stopGettingStartedOp } from '../api/getting-started';
import type { GettingStartedDataInput, GettingStartedStepInput } from '../schemas/getting-started';

/** Where each call of the getting-started wizard lives: written once here, spread into its definition in ../api/getting-started.ts. */
export const gettingStartedRoutes = {
  setStep: { id: 'shell.getting_started.step', method: 'post', path: '/account/companies/{guid}/getting-started/' },
  stop: { id: 'shell.getting_started.stop', method: 'delete', path: '/account/companies/{guid}/getting-started/' },
  saveData: { id: 'shell.getting_started.data', method: 'post', path: '/account/companies/{guid}/getting-started/data/' },
} as const;

/** Moves the wizard to a step; `start: true` starts it at step 2. */
export const setGettingStartedStep = (api: Api, company: string, body: GettingStartedStepInput) =>
  call<typeof setGettingStartedStepOp>(api, gettingStartedRoutes.setStep, { params: { guid: company }, body });
/** Stops the wizard: hidden, back to step 1. */
export const stopGettingStarted = (api: Api, company: string) => call<typeof stopGettingStartedOp>(api, gettingStartedRoutes.stop, { params: { guid: company } });
/** Keeps one piece of the wizard's data (the groups it made, the first domain). */
export const saveGettingStartedData = (api: Api, company: string, body: GettingStartedDataInput) =>
  call<typeof saveGettingStartedDataOp>(api, gettingStartedRoutes.saveData, { params: { guid: company }, body });

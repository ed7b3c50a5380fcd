import { map } from 'nanostores';
import type { HostingPlan, PlanChangePreview } from '../lib/api/hosting';
import { ApiError } from '../lib/errors';
import { listHostingPlans, modifyHostingPlan, previewPlanChange } from '../lib/requests/hosting';
import type { PlanChangeTime } from '../lib/schemas/hosting-orders';
import { api } from './api';
import { loadHostingAccount } from './hosting-accounts';
import { goTo } from './navigation';
import { toastError, toastSuccess } from './toasts';

/**
 * The plan change wizard (spec part 3, 4 "Hosting account"): step 1 chooses a plan (Next only
 * for one other than the current), step 2 shows "now" (the prorated 'Due today' an invoice will
 * ask) and "at renewal" (the downgrade warnings), each as the server's preview before anything is
 * committed; then the change: an invoice to pay, or a change scheduled for the renewal date.
 */

export interface PlanChangeState {
  open: boolean;
  step: 1 | 2;
  account: string;
  currentPlan: string | null;
  plans: HostingPlan[];
  chosen: string | null;
  when: PlanChangeTime;
  /** The server's preview for each time this change may take. */
  previews: Partial<Record<PlanChangeTime, PlanChangePreview>>;
  loading: boolean;
  busy: boolean;
}

const initial = (): PlanChangeState => ({ open: false, step: 1, account: '', currentPlan: null, plans: [], chosen: null, when: 'NOW', previews: {}, loading: false, busy: false });

export const $planChange = map<PlanChangeState>(initial());

/** One key per submission: a double click makes one invoice. */
let submissionKey: string | null = null;

/** Spec part 3, 4: "Next is disabled until a plan different from the current one is chosen". */
export const canGoNext = (s: Pick<PlanChangeState, 'chosen' | 'currentPlan' | 'loading'>) => !s.loading && s.chosen !== null && s.chosen !== s.currentPlan;

export async function openPlanChange(account: string, currentPlan: string | null): Promise<void> {
  submissionKey = null;
  $planChange.set({ ...initial(), open: true, account, currentPlan, loading: true });
  try {
    const plans = await listHostingPlans(api);
    if ($planChange.get().account === account) $planChange.set({ ...$planChange.get(), plans: plans.data.data, loading: false });
  } catch (error) {
    $planChange.setKey('loading', false);
    toastError(error);
  }
}

export const closePlanChange = () => $planChange.setKey('open', false);
export const choosePlan = (plan: string) => $planChange.setKey('chosen', plan);
export const chooseTime = (when: PlanChangeTime) => $planChange.setKey('when', when);
export const backToPlans = () => $planChange.set({ ...$planChange.get(), step: 1, previews: {} });

/** Step 1 to 2: the previews of both times (a downgrade only offers the renewal). */
export async function toConfirmation(): Promise<void> {
  const s = $planChange.get();
  if (!canGoNext(s)) return;
  $planChange.setKey('loading', true);
  try {
    const query = { hosting_account: s.account, new_hosting_plan: s.chosen! };
    const atRenewal = await previewPlanChange(api, { ...query, when: 'RENEWAL' });
    const now = atRenewal.available_times.includes('NOW') ? await previewPlanChange(api, { ...query, when: 'NOW' }) : undefined;
    const when = atRenewal.available_times[0] ?? 'RENEWAL';
    $planChange.set({ ...$planChange.get(), step: 2, loading: false, when, previews: { RENEWAL: atRenewal, ...(now ? { NOW: now } : {}) } });
  } catch (error) {
    $planChange.setKey('loading', false);
    toastError(error);
  }
}

/** The change: to the invoice when one is to be paid, else the account page again with the scheduled change. */
export async function submitPlanChange(): Promise<boolean> {
  const s = $planChange.get();
  if (s.busy || !s.chosen) return false;
  submissionKey ??= crypto.randomUUID();
  $planChange.setKey('busy', true);
  try {
    const done = await modifyHostingPlan(api, { hosting_account: s.account, new_hosting_plan: s.chosen, when: s.when }, submissionKey);
    submissionKey = null;
    toastSuccess(done.message);
    $planChange.set({ ...$planChange.get(), busy: false, open: false });
    if (done.invoice_id !== null) goTo(`/billing/invoices/${done.invoice_id}`);
    else await loadHostingAccount(s.account);
    return true;
  } catch (error) {
    if (error instanceof ApiError) submissionKey = null;
    $planChange.setKey('busy', false);
    toastError(error);
    return false;
  }
}

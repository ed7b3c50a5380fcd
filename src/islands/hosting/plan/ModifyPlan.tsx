import { useEffect, useRef, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { HostingAccountDetail, PlanChangePreview } from '../../../lib/api/hosting';
import { formatMoney } from '../../../lib/billing/money';
import { monthsAndDays } from '../../../lib/format/words';
import { DOWNGRADE_AT_RENEWAL } from '../../../lib/schemas/hosting-orders';
import { DateTime } from '../../../components/DateTime';
import { Dialog } from '../../../components/Dialog';
import { $planChange, backToPlans, canGoNext, choosePlan, chooseTime, closePlanChange, openPlanChange, submitPlanChange, toConfirmation } from '../../../stores/hosting-plan';
import { PlanCard } from '../order/PlanCard';
import '../order/hosting-order.css';

/**
 * Modify Plan on a shared hosting account's page (spec part 3, 2.8 and 4 "Plan change wizard"):
 * not offered for legacy accounts or custom hosts. Step 1 chooses a plan, step 2 previews "now"
 * and "at renewal" before anything is committed, then the change is made.
 */
export function ModifyPlanButton({ account }: { account: HostingAccountDetail }) {
  const s = useStore($planChange);
  if (account.account_type !== 'SHARED_HOSTING' || account.is_legacy) return null;
  const open = s.open && s.account === account.guid;
  // A change waiting for its invoice's payment takes no other (the page's banner says which invoice).
  const changeable = account.is_created && account.status === 'ACTIVE' && account.plan_change_invoice_id === null;
  const footer =
    s.step === 1 ? (
      <>
        <button type="button" className="button" onClick={closePlanChange}>
          Cancel
        </button>
        <button type="button" className="button button-primary" onClick={() => void toConfirmation()} disabled={!canGoNext(s)}>
          Next
        </button>
      </>
    ) : (
      <>
        <button type="button" className="button" onClick={backToPlans} disabled={s.busy}>
          Back
        </button>
        <button type="button" className="button button-primary" onClick={() => void submitPlanChange()} disabled={s.busy || !s.previews[s.when]}>
          {s.busy ? 'Saving...' : s.when === 'NOW' && (s.previews.NOW?.due_today ?? 0) > 0 ? 'Confirm and Pay' : 'Confirm'}
        </button>
      </>
    );

  return (
    <>
      <button type="button" className="button" onClick={() => void openPlanChange(account.guid, account.plan?.guid ?? null)} disabled={!changeable}>
        Modify Plan
      </button>
      <Dialog
        title={s.step === 1 ? 'Modify Plan: Choose a Plan' : 'Modify Plan: Confirm'}
        open={open}
        onOpenChange={(next) => !next && closePlanChange()}
        footer={footer}
        size="md"
      >
        <ol className="plan-change-steps" aria-label="Steps">
          <li aria-current={s.step === 1 ? 'step' : undefined}>1. Choose plan</li>
          <li aria-current={s.step === 2 ? 'step' : undefined}>2. Confirm</li>
        </ol>
        {s.step === 1 ? <ChoosePlan currency={account.cost.currency} /> : <Confirm />}
      </Dialog>
    </>
  );
}

function ChoosePlan({ currency }: { currency: string }) {
  const s = useStore($planChange);
  if (s.loading && !s.plans.length) return <p className="hosting-order-loading">Loading plans...</p>;
  const money = (cents: number) => formatMoney(cents, currency === 'EUR' ? 'EUR' : 'USD');
  return (
    <fieldset className="hosting-plans">
      <legend>New plan</legend>
      <div className="hosting-plan-cards">
        {s.plans.map((plan) => (
          <PlanCard
            key={plan.guid}
            plan={plan}
            name="new_hosting_plan"
            checked={s.chosen === plan.guid}
            onChoose={() => choosePlan(plan.guid)}
            price={money(plan.price)}
            nameSuffix={plan.guid === s.currentPlan ? ' (current plan)' : ''}
          />
        ))}
      </div>
    </fieldset>
  );
}

function Confirm() {
  const s = useStore($planChange);
  const any = s.previews.RENEWAL ?? s.previews.NOW;
  // Next (which had the focus) is gone with step 1: the choice of this step takes it.
  const times = useRef<HTMLFieldSetElement>(null);
  const shown = Boolean(any);
  useEffect(() => {
    if (shown) times.current?.querySelector<HTMLInputElement>('input:checked, input:not(:disabled)')?.focus();
  }, [shown]);
  if (!any) return null;
  const money = (cents: number) => formatMoney(cents, any.currency);
  return (
    <div className="hosting-order">
      <p>
        From the <strong>{any.current_plan.name}</strong> plan ({money(any.current_plan.monthly_cost)} / month) to the <strong>{any.new_plan.name}</strong> plan (
        {money(any.new_plan.monthly_cost)} / month).
      </p>
      {any.warnings.map((warning) => (
        <p key={warning} className="alert alert-warning">
          {warning}
        </p>
      ))}
      <fieldset className="plan-change-times" ref={times}>
        <legend>When should the change take effect?</legend>
        <TimeChoice preview={s.previews.NOW} when="NOW" label="Now" chosen={s.when === 'NOW'}>
          {s.previews.NOW ? (
            <span>
              Due today: <strong data-testid="plan-change-due">{money(s.previews.NOW.due_today)}</strong>, prorated for{' '}
              {monthsAndDays(s.previews.NOW.whole_months, s.previews.NOW.charged_days)} to the renewal. The plan changes once the invoice is paid.
            </span>
          ) : (
            <span>{DOWNGRADE_AT_RENEWAL}</span>
          )}
        </TimeChoice>
        <TimeChoice preview={s.previews.RENEWAL} when="RENEWAL" label="At renewal" chosen={s.when === 'RENEWAL'}>
          <span>
            Nothing is charged now; the plan changes on {any.renewal_date ? <DateTime value={any.renewal_date} dateOnly /> : 'the renewal date'} and renews at{' '}
            {money(any.new_monthly_cost)} / month.
          </span>
        </TimeChoice>
      </fieldset>
    </div>
  );
}

function TimeChoice({
  preview,
  when,
  label,
  chosen,
  children,
}: {
  preview: PlanChangePreview | undefined;
  when: 'NOW' | 'RENEWAL';
  label: string;
  chosen: boolean;
  children: ReactNode;
}) {
  const disabled = !preview;
  return (
    <label className="plan-change-time" data-disabled={disabled || undefined}>
      <input type="radio" name="plan_change_time" value={when} checked={chosen} disabled={disabled} onChange={() => chooseTime(when)} />
      <strong>{label}</strong>
      {children}
    </label>
  );
}

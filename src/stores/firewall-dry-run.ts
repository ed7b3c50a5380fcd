import { atom, map } from 'nanostores';
import type { DomainGroup } from '../lib/api/domains';
import type { FirewallDryRunAnswer } from '../lib/api/firewall';
import { listDomainGroups } from '../lib/requests/domains';
import { dryRun } from '../lib/requests/firewall';
import { DRY_RUN_GROUP_OR_DOMAIN, dryRunSchema, type DryRunBody } from '../lib/schemas/firewall';
import { PICKER_PAGE_SIZE } from '../lib/schemas/lists';
import { api } from './api';
import { createForm, type FieldErrors } from './form';
import { toastError } from './toasts';

/** The periods the panel offers a dry run over (the call takes up to 31 days, docs/decisions.md "Firewall calls"). */
export const DRY_RUN_PERIODS = [
  { value: '1', label: 'Last 24 hours' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
] as const;

export type DryRunPeriod = (typeof DRY_RUN_PERIODS)[number]['value'];

/** What a dry run tries: a rule as the rule form sends it, or a policy's rulesets and rules. */
export type DryRunSubject = Pick<DryRunBody, 'rule'> | Pick<DryRunBody, 'policy'>;

export interface DryRunValues {
  subject: DryRunSubject;
  domainGroup: string;
  period: DryRunPeriod;
}

/** The period ending now, as the call's `from` and `to` instants. */
export function periodOf(days: DryRunPeriod, now = Date.now()): { from: string; to: string } {
  return { from: new Date(now - Number(days) * 86_400_000).toISOString(), to: new Date(now).toISOString() };
}

export function dryRunBodyOf({ subject, domainGroup, period }: DryRunValues, now = Date.now()): DryRunBody {
  // An empty choice is left out, so the schema answers its own sentence for it.
  return { ...subject, ...(domainGroup ? { domain_group: domainGroup } : {}), period: periodOf(period, now) };
}

/**
 * The dry run's sentences that are about the subject, under the keys of the form that edits it:
 * `rule.rule.conditions.0.1.value` is the rule form's `rule.conditions.0.1.value`, `rule.priority`
 * its `priority`; `policy.rulesets` is the policy dialog's `rulesets`.
 */
export function subjectErrors(fields: FieldErrors): FieldErrors {
  const mapped: FieldErrors = {};
  for (const [key, sentence] of Object.entries(fields)) {
    if (key.startsWith('rule.')) mapped[key.slice('rule.'.length)] = sentence;
    else if (key.startsWith('policy.')) mapped[key.slice('policy.'.length)] = sentence;
  }
  return mapped;
}

/**
 * A dry run (issue 9 "Dry run"): the subject checked by the call's own schema, sent, and its
 * counts and samples kept to show. The subject's sentences go to `onSubjectErrors` so they
 * stand beside the rule form's or policy dialog's fields; the target's and period's stay here.
 */
export function createDryRun(onSubjectErrors: (fields: FieldErrors) => void) {
  const $answer = atom<FirewallDryRunAnswer | null>(null);
  const controller = createForm({
    schema: dryRunSchema,
    input: (values: DryRunValues) => dryRunBodyOf(values),
    send: (body) => dryRun(api, body),
    onSuccess: (answer) => $answer.set(answer),
    onFailure: (fields) => {
      $answer.set(null);
      const subject = subjectErrors(fields);
      if (Object.keys(subject).length) onSubjectErrors(subject);
    },
  });
  return {
    controller,
    $answer,
    /**
     * Checks and sends. The call's schema says nothing of the target while the subject has
     * sentences of its own, so a missing domain group is named at once beside them.
     */
    async run(values: DryRunValues): Promise<void> {
      const outcome = await controller.submit(values);
      if (!outcome.ok && outcome.reason === 'invalid' && !values.domainGroup) controller.showErrors({ ...outcome.fields, domain_group: DRY_RUN_GROUP_OR_DOMAIN });
    },
  };
}

export interface DryRunTargets {
  loading: boolean;
  groups: DomainGroup[];
}

/** The domain groups a dry run may be tried on, loaded when a dry run is first shown. */
export const $dryRunTargets = map<DryRunTargets>({ loading: false, groups: [] });

export async function loadDryRunTargets(): Promise<void> {
  if ($dryRunTargets.get().loading) return;
  $dryRunTargets.setKey('loading', true);
  try {
    const groups = await listDomainGroups(api, { per_page: PICKER_PAGE_SIZE });
    $dryRunTargets.set({ loading: false, groups: groups.data });
  } catch (error) {
    $dryRunTargets.setKey('loading', false);
    toastError(error);
  }
}

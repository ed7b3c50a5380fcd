import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { SelectField } from '../../components/form/SelectField';
import { useForm } from '../../components/form/use-form';
import { TextField } from '../../components/TextField';
import { FIREWALL_REDIRECT_CODES, RULE_ACTIONS, TIME_FRAMES, type RuleAction, type RuleType, type TimeFrame } from '../../lib/firewall/constants';
import { newRuleDraft, redirects, REJECT_DEFAULT_WARNING, withAction, type RuleDraft } from '../../lib/firewall/rule-form';
import { $editedRule, createRuleForm, draftOf, loadRule, ruleBodyOf } from '../../stores/firewall-rules';
import { ruleHistoryCalls } from '../../stores/firewall-tables';
import { Can } from '../../components/Can';
import { RULE_SCOPES } from '../../lib/rules/firewall-tabs';
import { NO_ACCESS_MESSAGE } from '../../lib/rules/routes';
import { ConditionEditor } from './ConditionEditor';
import { DryRunPanel } from './DryRunPanel';
import { HistoryDialog } from './HistoryDialog';
import '../../styles/firewall.css';

const ACTION_LABELS: Record<RuleAction, string> = { ALLOW: 'Allow', REJECT: 'Reject', REDIRECT: 'Redirect' };
const TYPE_LABELS: Record<RuleType, string> = { FIREWALL: 'Firewall', RATE_LIMIT: 'Rate limit' };
const TIME_FRAME_LABELS: Record<TimeFrame, string> = { SECOND: 'per second', MINUTE: 'per minute' };

/** /firewall/add (`guid` null) and /firewall/edit/{guid} (spec part 2, 2.1): the rule form, with the rule loaded first when editing. */
export function RuleFormPage({ guid }: { guid: string | null }) {
  // Spec part 2, 6: adding needs the add scope, editing the edit scope; the server checks them too.
  return (
    <Can
      scope={guid ? RULE_SCOPES.edit : RULE_SCOPES.add}
      fallback={
        <div className="alert alert-error" role="alert">
          {NO_ACCESS_MESSAGE}
        </div>
      }
    >
      <AllowedRuleForm guid={guid} />
    </Can>
  );
}

function AllowedRuleForm({ guid }: { guid: string | null }) {
  const edited = useStore($editedRule);
  useEffect(() => {
    if (guid) void loadRule(guid);
  }, [guid]);
  if (!guid) return <RuleForm guid={null} initial={newRuleDraft()} />;
  if (edited.guid !== guid || edited.loading)
    return (
      <p className="page-loading" role="status">
        Loading...
      </p>
    );
  if (!edited.rule)
    return (
      <div className="alert alert-error" role="alert">
        This firewall rule could not be loaded. <a href="/firewall">Back to the firewall rules</a>
      </div>
    );
  return <RuleForm guid={guid} initial={draftOf(edited.rule)} />;
}

/**
 * The rule form (spec part 2, 2.10 and 5): name, type, priority, the conditions, the action
 * pair (with the warning while the default rejects), the redirect fields when either action
 * redirects and the rate fields for a rate limit. Checked by the rule schema, every sentence
 * beside its field; the dry run tries it first on recorded requests; saved, it goes back to /firewall.
 */
function RuleForm({ guid, initial }: { guid: string | null; initial: RuleDraft }) {
  const controller = useMemo(() => createRuleForm(guid), [guid]);
  const [draft, setDraft] = useState(initial);
  const form = useForm(controller, { initial, state: [draft, setDraft] });
  const { errors } = form;

  function change(next: RuleDraft, ...cleared: string[]) {
    setDraft(next);
    for (const key of cleared) {
      if (!key.endsWith('.*')) controller.clearError(key);
      else for (const name of Object.keys(errors)) if (name.startsWith(key.slice(0, -1))) controller.clearError(name);
    }
  }

  /** A text field whose sentence comes under the rule's own key (rule.max_requests), not the draft's name. */
  const textOf = (name: 'redirectDestination' | 'maxRequests', errorKey: string) => ({
    ...form.text(name),
    error: errors[errorKey],
    onValueChange: (value: string) => change({ ...draft, [name]: value }, errorKey),
  });

  return (
    <form className="rule-form" aria-label={guid ? 'Edit firewall rule' : 'New firewall rule'} {...form.form}>
      <div className="rule-form-row">
        <TextField label="Name" autoComplete="off" {...form.text('name')} />
        <SelectField label="Type" value={draft.type} error={errors['rule.type']} onValueChange={(type) => change({ ...draft, type: type as RuleType }, 'rule.type')}>
          {Object.entries(TYPE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField label="Priority" inputMode="numeric" hint="0 to 9999; lower numbers are tried first." autoComplete="off" {...form.text('priority')} />
      </div>

      <ConditionEditor draft={draft} errors={errors} onChange={change} />

      <fieldset className="rule-form-row">
        <legend>Actions</legend>
        <SelectField
          label="Action"
          value={draft.action}
          error={errors['rule.action.type']}
          onValueChange={(action) => change(withAction(draft, action as RuleAction), 'rule.action.type', 'rule.action.default_type')}
        >
          {RULE_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {ACTION_LABELS[action]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Default action"
          value={draft.defaultAction}
          error={errors['rule.action.default_type']}
          onValueChange={(defaultAction) => change({ ...draft, defaultAction: defaultAction as RuleAction }, 'rule.action.default_type')}
        >
          {RULE_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {ACTION_LABELS[action]}
            </option>
          ))}
        </SelectField>
        {draft.defaultAction === 'REJECT' ? (
          <p className="alert rule-warning" role="note">
            {REJECT_DEFAULT_WARNING}
          </p>
        ) : null}
        {redirects(draft) ? (
          <>
            <TextField label="Redirect destination" type="url" placeholder="https://" autoComplete="off" {...textOf('redirectDestination', 'rule.action.redirect_destination')} />
            <SelectField
              label="Redirect status code"
              value={draft.redirectStatusCode}
              error={errors['rule.action.redirect_status_code']}
              onValueChange={(code) => change({ ...draft, redirectStatusCode: code }, 'rule.action.redirect_status_code')}
            >
              <option value="">Choose a code</option>
              {FIREWALL_REDIRECT_CODES.map((code) => (
                <option key={code} value={String(code)}>
                  {code}
                </option>
              ))}
            </SelectField>
          </>
        ) : null}
      </fieldset>

      {draft.type === 'RATE_LIMIT' ? (
        <fieldset className="rule-form-row">
          <legend>Rate limit</legend>
          <TextField label="Requests" inputMode="numeric" autoComplete="off" {...textOf('maxRequests', 'rule.max_requests')} />
          <SelectField
            label="Time frame"
            value={draft.timeFrame}
            error={errors['rule.time_frame']}
            onValueChange={(timeFrame) => change({ ...draft, timeFrame: timeFrame as TimeFrame }, 'rule.time_frame')}
          >
            {TIME_FRAMES.map((frame) => (
              <option key={frame} value={frame}>
                {TIME_FRAME_LABELS[frame]}
              </option>
            ))}
          </SelectField>
        </fieldset>
      ) : null}

      <DryRunPanel subject={() => ({ rule: ruleBodyOf(draft) })} onSubjectErrors={(fields) => controller.showErrors(fields)} />

      <div className="toolbar">
        <button type="submit" className="button button-primary" disabled={form.busy}>
          {guid ? 'Save Rule' : 'Add Rule'}
        </button>
        <a className="button" href="/firewall">
          Cancel
        </a>
        {guid ? (
          <HistoryDialog
            guid={guid}
            name={initial.name}
            calls={ruleHistoryCalls}
            restoreScopes={RULE_SCOPES.edit}
            // The form opens again with the restored rule (it reloads, so the dialog closes).
            onRestored={() => loadRule(guid)}
            trigger="History"
          />
        ) : null}
      </div>
    </form>
  );
}

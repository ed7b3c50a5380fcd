import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { DateTime } from '../../components/DateTime';
import { SelectField } from '../../components/form/SelectField';
import type { FirewallDryRunAnswer } from '../../lib/api/firewall';
import { $dryRunTargets, createDryRun, DRY_RUN_PERIODS, loadDryRunTargets, type DryRunPeriod, type DryRunSubject } from '../../stores/firewall-dry-run';
import type { FieldErrors } from '../../stores/form';
import { ScrollBox } from '../../components/ScrollBox';
import '../../styles/firewall.css';

export interface DryRunPanelProps {
  /** What to try, as it stands when the button is pressed. */
  subject: () => DryRunSubject;
  /** The subject's sentences, for the form that edits it to show beside its fields. */
  onSubjectErrors: (fields: FieldErrors) => void;
}

const OUTCOMES = [
  { key: 'allowed', sample: 'ALLOW', label: 'Allowed' },
  { key: 'rejected', sample: 'REJECT', label: 'Rejected' },
  { key: 'redirected', sample: 'REDIRECT', label: 'Redirected' },
  { key: 'limited', sample: 'LIMITED', label: 'Rate-limited' },
] as const;

/**
 * The dry run (issue 9 "Dry run"): before saving, the rule or policy is tried on a domain
 * group's recorded requests of a period, and the counts by decision stand here with up to five
 * sample requests each. Nothing is saved; a fieldset rather than a form, as it sits inside one.
 */
export function DryRunPanel({ subject, onSubjectErrors }: DryRunPanelProps) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one dry run for the panel's life; each form's handler is a new arrow each render but always calls the same form controller.
  const run = useMemo(() => createDryRun(onSubjectErrors), []);
  const { busy, fields } = useStore(run.controller.$state);
  const answer = useStore(run.$answer);
  const targets = useStore($dryRunTargets);
  const [domainGroup, setDomainGroup] = useState('');
  const [period, setPeriod] = useState<DryRunPeriod>('7');

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the panel first shows; the targets then stay loaded.
  useEffect(() => {
    if (!targets.groups.length) void loadDryRunTargets();
  }, []);

  return (
    <fieldset className="dry-run" aria-describedby="dry-run-hint">
      <legend>Dry run</legend>
      <p id="dry-run-hint" className="field-hint">
        Try it on the requests a domain group received, before saving. Nothing changes for visitors.
      </p>
      <div className="rule-form-row">
        <SelectField
          label="Domain group"
          value={domainGroup}
          error={fields.domain_group}
          disabled={targets.loading}
          onValueChange={(guid) => {
            setDomainGroup(guid);
            run.controller.clearError('domain_group');
          }}
        >
          <option value="">{targets.loading ? 'Loading...' : 'Choose a domain group'}</option>
          {targets.groups.map((group) => (
            <option key={group.guid} value={group.guid}>
              {group.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Period" value={period} error={fields['period.to'] ?? fields['period.from']} onValueChange={(value) => setPeriod(value as DryRunPeriod)}>
          {DRY_RUN_PERIODS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </SelectField>
        <button type="button" className="button dry-run-button" disabled={busy} onClick={() => void run.run({ subject: subject(), domainGroup, period })}>
          {busy ? 'Trying...' : 'Try it'}
        </button>
      </div>
      {fields.rule ? (
        <p className="field-error" role="alert">
          {fields.rule}
        </p>
      ) : null}
      <div aria-live="polite">{answer ? <DryRunResult answer={answer} /> : null}</div>
    </fieldset>
  );
}

function DryRunResult({ answer }: { answer: FirewallDryRunAnswer }) {
  if (!answer.total)
    return (
      <p className="dry-run-summary">
        No requests were recorded for it from <DateTime value={answer.period.from} /> to <DateTime value={answer.period.to} />.
      </p>
    );
  return (
    <div className="dry-run-result">
      <p className="dry-run-summary">
        Of {answer.total.toLocaleString('en-US')} {answer.total === 1 ? 'request' : 'requests'} from <DateTime value={answer.period.from} /> to{' '}
        <DateTime value={answer.period.to} />
        {answer.truncated ? ' (the newest of the period)' : ''}:
      </p>
      <dl className="dry-run-counts" aria-label="Dry run counts">
        {OUTCOMES.map((o) => (
          <div key={o.key}>
            <dt>{o.label}</dt>
            <dd>{answer[o.key].toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      {OUTCOMES.filter((o) => answer.samples[o.sample].length).map((o) => (
        <details key={o.key} className="dry-run-samples">
          <summary>{o.label}: sample requests</summary>
          <ScrollBox className="data-table-wrap" label={`${o.label} sample requests`}>
            <table className="data-table">
              <caption className="visually-hidden">{`${o.label} sample requests`}</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Request</th>
                  <th scope="col">Address</th>
                  <th scope="col">Country</th>
                  <th scope="col">User agent</th>
                </tr>
              </thead>
              <tbody>
                {answer.samples[o.sample].map((s, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: sample requests have no id and are shown as answered, never reordered.
                  <tr key={i}>
                    <td>
                      <DateTime value={s.time} />
                    </td>
                    <td className="cell-wrap">{`${s.method ?? ''} ${s.host}${s.path}`.trim()}</td>
                    <td>{s.address ?? ''}</td>
                    <td>{s.country ?? ''}</td>
                    <td className="cell-wrap">{s.user_agent ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </details>
      ))}
    </div>
  );
}

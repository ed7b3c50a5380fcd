import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Dialog } from '../../components/Dialog';
import { flagOf } from '../../lib/format/flag';
import { domainGroupTabPath } from '../../lib/rules/domain-tabs';
import { SOFTWARE_PROTOCOLS, WIZARD_SOFTWARE, type SoftwareProtocol } from '../../lib/schemas/add-domains';
import {
  $wizard,
  NO_ADDRESSES,
  addDomainNames,
  addressChoices,
  backToTable,
  importLines,
  removeRow,
  restart,
  review,
  startWizard,
  submit,
  updateRow,
  type WizardRow,
} from '../../stores/add-domains';
import { navigate } from '../../stores/router';

const SOFTWARE_LABELS: Record<(typeof WIZARD_SOFTWARE)[number], string> = { WORDPRESS: 'WordPress' };

function FieldError({ message, id }: { message: string | undefined; id: string }) {
  return message ? (
    <span id={id} className="field-error" role="alert">
      {message}
    </span>
  ) : null;
}

/** One editable row of the table (spec part 2, 2.8 columns and 5 rules). */
function Row({ row, index }: { row: WizardRow; index: number }) {
  const { accounts, presets } = useStore($wizard);
  const id = useId();
  const n = index + 1;
  const customHost = accounts.find((a) => a.guid === row.hosting_account)?.account_type === 'CUSTOM_HOST';
  const noSoftware = customHost || !row.install_software;
  const described = (field: string) => (row.errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}` } : {});
  return (
    <tr>
      <td>
        <input className="input" aria-label={`Domain of row ${n}`} value={row.domain} onChange={(e) => updateRow(row.key, { domain: e.target.value })} {...described('domain')} />
        <FieldError id={`${id}-domain`} message={row.errors.domain ?? row.errors.group} />
      </td>
      <td>
        <select className="input" aria-label={`IP address of row ${n}`} value={row.ip_address} onChange={(e) => updateRow(row.key, { ip_address: e.target.value })} {...described('ip_address')}>
          {addressChoices(row).map(({ ip, full }) => (
            <option key={ip.guid} value={ip.guid} disabled={full}>
              {flagOf(ip.country_code)} {ip.ip_address} ({ip.city}){full ? ' - full' : ''}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-ip_address`} message={row.errors.ip_address} />
      </td>
      <td>
        <select className="input" aria-label={`Hosting account of row ${n}`} value={row.hosting_account} onChange={(e) => updateRow(row.key, { hosting_account: e.target.value })} {...described('hosting_account')}>
          <option value="">Choose</option>
          {accounts.map((a) => (
            <option key={a.guid} value={a.guid}>
              {a.name}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-hosting_account`} message={row.errors.hosting_account} />
      </td>
      <td className="cell-center">
        <input type="checkbox" aria-label={`SSL for row ${n}`} checked={row.install_lets_encrypt} onChange={(e) => updateRow(row.key, { install_lets_encrypt: e.target.checked })} />
      </td>
      <td className="cell-center">
        <input
          type="checkbox"
          aria-label={`Redirect to HTTPS for row ${n}`}
          checked={row.redirect_to_https}
          disabled={!row.install_lets_encrypt}
          onChange={(e) => updateRow(row.key, { redirect_to_https: e.target.checked })}
        />
      </td>
      <td>
        <select
          className="input"
          aria-label={`Software of row ${n}`}
          value={row.install_software ?? ''}
          disabled={customHost}
          onChange={(e) => updateRow(row.key, { install_software: (e.target.value || null) as WizardRow['install_software'] })}
        >
          <option value="">None</option>
          {WIZARD_SOFTWARE.map((s) => (
            <option key={s} value={s}>
              {SOFTWARE_LABELS[s]}
            </option>
          ))}
        </select>
      </td>
      <td>
        <select
          className="input"
          aria-label={`Protocol of row ${n}`}
          value={row.software_protocol ?? ''}
          disabled={noSoftware}
          onChange={(e) => updateRow(row.key, { software_protocol: (e.target.value || null) as SoftwareProtocol | null })}
        >
          {noSoftware ? <option value="">-</option> : null}
          {SOFTWARE_PROTOCOLS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </td>
      <td>
        <select
          className="input"
          aria-label={`Software preset of row ${n}`}
          value={row.software_preset ?? ''}
          disabled={noSoftware}
          onChange={(e) => updateRow(row.key, { software_preset: e.target.value || null })}
          {...described('software_preset')}
        >
          <option value="">None</option>
          {presets.map((p) => (
            <option key={p.guid} value={p.guid}>
              {p.name}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-software_preset`} message={row.errors.software_preset} />
      </td>
      <td className="cell-actions">
        <button type="button" className="button button-small" aria-label={`Delete row ${n} (${row.domain || 'no domain'})`} onClick={() => removeRow(row.key)}>
          Delete
        </button>
      </td>
    </tr>
  );
}

function ImportHelp() {
  return (
    <Dialog
      title="Import Options"
      trigger={
        <button type="button" className="link-button">
          Import options
        </button>
      }
    >
      <p>One domain a line, its values separated by commas; only the domain is needed:</p>
      <pre className="code-block">domain, IP address, SSL, redirect to https, software, protocol, software preset</pre>
      <ul>
        <li>IP address: one of this group's addresses with a free website slot; blank assigns one.</li>
        <li>SSL and redirect to https: true or 1, false or 0. The redirect applies only with SSL.</li>
        <li>Software: WORDPRESS, or blank. Protocol: {SOFTWARE_PROTOCOLS.join(', ')}.</li>
        <li>Software preset: the preset's UUID. Software columns are ignored for custom-host accounts.</li>
      </ul>
      <pre className="code-block">{'example.com\nexample.net, 5.0.0.10, true, 1, WORDPRESS, https://www.'}</pre>
    </Dialog>
  );
}

function Entry() {
  const { importErrors } = useStore($wizard);
  const [names, setNames] = useState('');
  const [lines, setLines] = useState('');
  return (
    <div className="wizard-entry">
      <form
        className="wizard-box"
        onSubmit={(e) => {
          e.preventDefault();
          addDomainNames(names);
          setNames('');
        }}
      >
        <label className="field-label" htmlFor="add-domain-names">
          Domains, one a row
        </label>
        <textarea id="add-domain-names" className="input" rows={5} value={names} onChange={(e) => setNames(e.target.value)} />
        <button type="submit" className="button" disabled={!names.trim()}>
          Add to table
        </button>
      </form>
      <form
        className="wizard-box"
        onSubmit={(e) => {
          e.preventDefault();
          if (importLines(lines)) setLines('');
        }}
      >
        <span className="wizard-box-head">
          <label className="field-label" htmlFor="import-domain-lines">
            Import
          </label>
          <ImportHelp />
        </span>
        <textarea id="import-domain-lines" className="input" rows={5} value={lines} onChange={(e) => setLines(e.target.value)} aria-describedby={importErrors.length ? 'import-errors' : undefined} />
        {importErrors.length ? (
          <div id="import-errors" role="alert">
            <ul className="import-errors" aria-label="Lines that cannot be imported">
              {importErrors.map((e) => (
                <li key={e.line}>
                  Line {e.line}: {e.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <button type="submit" className="button" disabled={!lines.trim()}>
          Import
        </button>
      </form>
    </div>
  );
}

const HEADERS = ['Domain', 'IP Address', 'Hosting Account', 'SSL', 'Redirect to HTTPS', 'Software', 'Protocol', 'Software Preset'];

/** The Add Domains tab (spec part 2, 2.8 and 4.6): 1 edit a table, 2 review, 3 result. */
export function AddDomainsTab({ group }: { group: string }) {
  const state = useStore($wizard);
  useEffect(() => {
    void startWizard(group);
  }, [group]);

  if (state.loading || state.group !== group) {
    return (
      <p className="page-loading" role="status">
        Loading...
      </p>
    );
  }
  const anyFree = state.ips.some((ip) => ip.domain_count < ip.domains_allowed);

  if (state.step === 3 && state.result) {
    return state.result.ok ? (
      <section aria-label="Result" className="wizard-result">
        <div className="alert alert-success" role="status">
          {state.result.message}
        </div>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            restart();
            navigate(domainGroupTabPath(group, 'tasks'));
          }}
        >
          Continue
        </button>
      </section>
    ) : (
      <section aria-label="Result" className="wizard-result">
        <div className="alert alert-error" role="alert">
          <h3>Something went wrong!</h3>
          <p>There were issues with your submissions. Please review them below.</p>
          <ul>
            {state.result.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
        <button type="button" className="button" onClick={backToTable}>
          Go Back
        </button>
      </section>
    );
  }

  if (state.step === 2) {
    return (
      <section aria-label="Review">
        <p>
          {state.rows.length} {state.rows.length === 1 ? 'domain' : 'domains'} will be added to this group.
        </p>
        <div className="data-table-wrap" tabIndex={0} role="group" aria-label="Domains to add">
          <table className="data-table">
            <caption className="visually-hidden">Domains to add</caption>
            <thead>
              <tr>
                {HEADERS.map((h) => (
                  <th key={h}>{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {state.rows.map((r) => (
                <tr key={r.key}>
                  <td>{r.domain}</td>
                  <td className="mono">{state.ips.find((ip) => ip.guid === r.ip_address)?.ip_address}</td>
                  <td>{state.accounts.find((a) => a.guid === r.hosting_account)?.name}</td>
                  <td>{r.install_lets_encrypt ? 'Yes' : 'No'}</td>
                  <td>{r.redirect_to_https ? 'Yes' : 'No'}</td>
                  <td>{r.install_software ? SOFTWARE_LABELS[r.install_software] : 'None'}</td>
                  <td>{r.software_protocol ?? '-'}</td>
                  <td>{state.presets.find((p) => p.guid === r.software_preset)?.name ?? 'None'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="toolbar wizard-actions">
          <button type="button" className="button" onClick={backToTable} disabled={state.busy}>
            Back
          </button>
          <button type="button" className="button button-primary" onClick={() => void submit()} disabled={state.busy} aria-busy={state.busy}>
            Add {state.rows.length} {state.rows.length === 1 ? 'domain' : 'domains'}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section aria-label="Add Domains">
      {!anyFree && state.rows.length === 0 ? (
        <div className="alert alert-warning" role="alert">
          {NO_ADDRESSES}
        </div>
      ) : null}
      {state.notice ? (
        <div className="alert alert-warning" role="alert">
          {state.notice}
        </div>
      ) : null}
      <Entry />
      {state.rows.length ? (
        <div className="data-table-wrap" tabIndex={0} role="group" aria-label="Domains to add">
          <table className="data-table wizard-table">
            <caption className="visually-hidden">Domains to add</caption>
            <thead>
              <tr>
                {HEADERS.map((h) => (
                  <th key={h}>{h}</th>
                ))}
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {state.rows.map((r, i) => (
                <Row key={r.key} row={r} index={i} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="toolbar wizard-actions">
        <button type="button" className="button button-primary" disabled={!state.rows.length} onClick={() => review()}>
          Review
        </button>
      </div>
    </section>
  );
}

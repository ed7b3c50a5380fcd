import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Dialog } from '../../components/Dialog';
import { domainGroupTabPath } from '../../lib/rules/domain-tabs';
import { SOFTWARE_PROTOCOLS } from '../../lib/schemas/add-domains';
import { $wizard, NO_ADDRESSES, addDomainNames, backToTable, importLines, restart, review, startWizard, submit } from '../../stores/add-domains';
import { navigate } from '../../stores/router';
import { EditTable } from './add/EditTable';
import { ReviewTable } from './add/ReviewTable';

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
        <textarea
          id="import-domain-lines"
          className="input"
          rows={5}
          value={lines}
          onChange={(e) => setLines(e.target.value)}
          aria-describedby={importErrors.length ? 'import-errors' : undefined}
        />
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

/** The Add Domains tab (spec part 2, 2.8 and 4.6): 1 edit a table, 2 review, 3 result. */
export function AddDomainsTab({ group }: { group: string }) {
  const state = useStore($wizard);
  // Raised by each review that finds bad rows, so the table brings the first one into view.
  const [errorJump, setErrorJump] = useState(0);
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
        <ReviewTable rows={state.rows} ips={state.ips} accounts={state.accounts} presets={state.presets} />
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
      {state.rows.length ? <EditTable rows={state.rows} ips={state.ips} accounts={state.accounts} presets={state.presets} errorJump={errorJump} /> : null}
      <div className="toolbar wizard-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!state.rows.length}
          onClick={() => {
            if (!review()) setErrorJump((n) => n + 1);
          }}
        >
          Review
        </button>
      </div>
    </section>
  );
}

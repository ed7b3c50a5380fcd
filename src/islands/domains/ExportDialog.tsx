import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Checkbox } from '../../components/Checkbox';
import { FormDialog } from '../../components/FormDialog';
import { SelectField } from '../../components/form/SelectField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { EXPORT_FIELDS, EXPORT_FIELD_LABELS, EXPORT_SORT_FIELDS, type ExportField, type ExportSortField } from '../../lib/schemas/domain-export';
import { $exportResult, exportForm, type ExportValues } from '../../stores/domain-export';
import { $permissions, can } from '../../stores/permissions';

const DEFAULT_FIELDS: ExportField[] = ['domain', 'ip_address', 'ip_address_country', 'ssl_certificate_status', 'software', 'whois_expires', 'health'];

const sizeOf = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);

/** The results (spec part 2, 2.5 "Export with a Results dialog"): what was exported and a preview of its first rows. */
function ExportResults() {
  const result = useStore($exportResult);
  if (!result) return null;
  return (
    <div className="export-results">
      <p role="status">
        {result.rows} {result.rows === 1 ? 'domain' : 'domains'} exported to <span className="mono">{result.filename}</span> ({sizeOf(result.bytes)}).
      </p>
      {result.preview.rows.length ? (
        <div className="data-table-wrap" tabIndex={0} role="group" aria-label="First rows of the export">
          <table className="data-table">
            <caption className="visually-hidden">First rows of the export</caption>
            <thead>
              <tr>
                {result.preview.header.map((h) => (
                  <th key={h}>{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.preview.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, k) => (
                    <td key={k} className="cell-wrap">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/** Export (spec part 2, 2.3, 5 and 9): fields, sort, CSV or JSON, all of the group or the selected domains. */
export function ExportDialog({ group, selected }: { group: string; selected: readonly string[] }) {
  const [showResults, setShowResults] = useState(false);
  const result = useStore($exportResult);
  const permissions = useStore($permissions);
  const initial: ExportValues = { group, fields: DEFAULT_FIELDS, sort_field: 'domain', sort_dir: 'ASC', output_type: 'CSV', selected_domains: [] };
  // The results show in the same dialog, in place of the choices, until it opens again.
  const { form, dialog } = useFormDialog(exportForm, { initial, closeOnDone: false, onDone: () => setShowResults(true), onOpen: () => setShowResults(false) });
  const fields = form.values.fields;
  // Admin passwords leave only for those who may reveal them (the server says the same).
  const offered = EXPORT_FIELDS.filter((f) => f !== 'software_password' || can('can_edit_software_installation', permissions));
  const toggle = (field: ExportField, on: boolean) => form.set('fields', on ? EXPORT_FIELDS.filter((f) => f === field || fields.includes(f)) : fields.filter((f) => f !== field));

  return (
    <>
      <FormDialog
        title={showResults ? 'Export results' : 'Export'}
        size="lg"
        {...dialog}
        footer={
          showResults && result
            ? () => (
                <>
                  <button type="button" className="button" onClick={() => setShowResults(false)}>
                    Back
                  </button>
                  <a className="button button-primary" href={result.url} download={result.filename}>
                    Download {result.format}
                  </a>
                </>
              )
            : undefined
        }
        trigger={
          <button type="button" className="button">
            Export
          </button>
        }
        submitLabel="Export"
        formClassName="export-form"
      >
        {showResults ? <ExportResults /> : null}
        <div className="export-choices" hidden={showResults}>
        <fieldset className="field choice-list">
          <legend className="field-label">Fields</legend>
          <div className="export-fields">
            {offered.map((f) => (
              <Checkbox key={f} label={EXPORT_FIELD_LABELS[f]} checked={fields.includes(f)} onCheckedChange={(on) => toggle(f, on)} />
            ))}
          </div>
          {form.errors.fields ? (
            <p className="field-error" role="alert">
              {form.errors.fields}
            </p>
          ) : null}
        </fieldset>
        <div className="export-options">
          <SelectField label="Sort by" value={form.values.sort_field} onValueChange={(v) => form.set('sort_field', v as ExportSortField)}>
            {EXPORT_SORT_FIELDS.map((f) => (
              <option key={f} value={f}>
                {EXPORT_FIELD_LABELS[f]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Direction" value={form.values.sort_dir} onValueChange={(v) => form.set('sort_dir', v as 'ASC' | 'DESC')}>
            <option value="ASC">Ascending</option>
            <option value="DESC">Descending</option>
          </SelectField>
          <SelectField label="Format" value={form.values.output_type} onValueChange={(v) => form.set('output_type', v as 'CSV' | 'JSON')}>
            <option value="CSV">CSV</option>
            <option value="JSON">JSON</option>
          </SelectField>
        </div>
        {selected.length ? (
          <Checkbox
            label={`Only the ${selected.length} selected ${selected.length === 1 ? 'domain' : 'domains'}`}
            checked={form.values.selected_domains.length > 0}
            onCheckedChange={(on) => form.set('selected_domains', on ? [...selected] : [])}
          />
        ) : null}
        </div>
      </FormDialog>
    </>
  );
}

import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Checkbox } from '../../components/Checkbox';
import { FormDialog } from '../../components/FormDialog';
import { SelectField } from '../../components/form/SelectField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { IP_EXPORT_FIELDS, IP_EXPORT_LABELS, type IpExportField } from '../../lib/schemas/ip-addresses';
import { $ipExportResult, exportForm, type IpExportValues } from '../../stores/ip-addresses';

const sizeOf = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);

function ExportResults() {
  const result = useStore($ipExportResult);
  if (!result) return null;
  return (
    <div className="export-results">
      <p role="status">
        {result.rows} {result.rows === 1 ? 'IP address' : 'IP addresses'} exported to <span className="mono">{result.filename}</span> ({sizeOf(result.bytes)}).
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
                    <td key={k}>{cell}</td>
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

/** Export (spec part 3, 2.2, 5 "Export" and 9), then its results in the same dialog. */
export function IpExportDialog({ hasSelection }: { hasSelection: boolean }) {
  const [showResults, setShowResults] = useState(false);
  const result = useStore($ipExportResult);
  const initial: IpExportValues = { fields: [...IP_EXPORT_FIELDS], sort_field: 'ip_address', sort_dir: 'ASC', output_type: 'CSV', only_selected: hasSelection };
  const { form, dialog } = useFormDialog(exportForm, { initial, closeOnDone: false, onDone: () => setShowResults(true), onOpen: () => setShowResults(false) });
  const fields = form.values.fields;
  const toggle = (field: IpExportField, on: boolean) => form.set('fields', on ? IP_EXPORT_FIELDS.filter((f) => f === field || fields.includes(f)) : fields.filter((f) => f !== field));
  return (
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
            {IP_EXPORT_FIELDS.map((f) => (
              <Checkbox key={f} label={IP_EXPORT_LABELS[f]} checked={fields.includes(f)} onCheckedChange={(on) => toggle(f, on)} />
            ))}
          </div>
          {form.errors.fields ? (
            <p className="field-error" role="alert">
              {form.errors.fields}
            </p>
          ) : null}
        </fieldset>
        <div className="export-options">
          <SelectField label="Sort by" value={form.values.sort_field} onValueChange={(v) => form.set('sort_field', v as IpExportField)}>
            {IP_EXPORT_FIELDS.map((f) => (
              <option key={f} value={f}>
                {IP_EXPORT_LABELS[f]}
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
        {hasSelection ? <Checkbox label="Only the selected IP addresses" checked={form.values.only_selected} onCheckedChange={(on) => form.set('only_selected', on)} /> : null}
      </div>
    </FormDialog>
  );
}

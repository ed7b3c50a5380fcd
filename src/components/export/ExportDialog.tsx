import { useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { Checkbox } from '../Checkbox';
import { FormDialog } from '../FormDialog';
import { SelectField } from '../form/SelectField';
import type { FormBinding } from '../form/use-form';
import { useFormDialog } from '../form/use-form-dialog';
import type { FormController } from '../../stores/form';
import type { ExportResult } from '../../stores/export-file';
import { ScrollBox } from '../ScrollBox';

/** The choices every export offers (spec part 2, 9 and part 3, 9 "Export"). */
export interface ExportChoices<F extends string, S extends string> {
  fields: F[];
  sort_field: S;
  sort_dir: 'ASC' | 'DESC';
  output_type: 'CSV' | 'JSON';
}

export interface ExportDialogProps<F extends string, S extends string, V extends ExportChoices<F, S>> {
  controller: FormController<V, ExportResult>;
  initial: V;
  $result: ReadableAtom<ExportResult | null>;
  /** What one row is: 'domain', 'IP address'. */
  noun: { one: string; many: string };
  /** Every field in the order the file has them; `offered` those this member may choose (all by default). */
  fields: readonly F[];
  offered?: readonly F[];
  sortFields: readonly S[];
  labels: Record<F | S, string>;
  /** The selection's checkbox, when something is selected. */
  selection?: (form: FormBinding<V, ExportResult>) => ReactNode;
}

const sizeOf = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);

/** The results (spec part 2, 2.5 "Export with a Results dialog"): what was exported and a preview of its first rows. */
function ExportResults({ result, noun }: { result: ExportResult; noun: { one: string; many: string } }) {
  return (
    <div className="export-results">
      <p role="status">
        {result.rows} {result.rows === 1 ? noun.one : noun.many} exported to <span className="mono">{result.filename}</span> ({sizeOf(result.bytes)}).
      </p>
      {result.preview.rows.length ? (
        <ScrollBox className="data-table-wrap" label="First rows of the export">
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
                // biome-ignore lint/suspicious/noArrayIndexKey: the first rows of a file, shown once; a row has no identity but its place.
                <tr key={i}>
                  {row.map((cell, k) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column, which is its place in the row.
                    <td key={k} className="cell-wrap">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
    </div>
  );
}

/**
 * An export's dialog, the same for domains and IP addresses: the fields, sort, direction and
 * format, the selection's checkbox, then the results in the same dialog, in place of the
 * choices, until it opens again (Back returns to them).
 */
export function ExportDialog<F extends string, S extends string, V extends ExportChoices<F, S>>({
  controller,
  initial,
  $result,
  noun,
  fields,
  offered = fields,
  sortFields,
  labels,
  selection,
}: ExportDialogProps<F, S, V>) {
  const [showResults, setShowResults] = useState(false);
  const result = useStore($result);
  const { form, dialog } = useFormDialog(controller, { initial, closeOnDone: false, onDone: () => setShowResults(true), onOpen: () => setShowResults(false) });
  const chosen = form.values.fields;
  // The generic V's fields are F[] by its bound; TypeScript cannot see V['fields'] as F[] itself.
  const setFields = (next: F[]) => form.set('fields', next as V['fields']);
  const toggle = (field: F, on: boolean) => setFields(on ? fields.filter((f) => f === field || chosen.includes(f)) : chosen.filter((f) => f !== field));
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
      trigger="Export"
      submitLabel="Export"
      formClassName="export-form"
    >
      {showResults && result ? <ExportResults result={result} noun={noun} /> : null}
      <div className="export-choices" hidden={showResults}>
        <fieldset className="field choice-list">
          <legend className="field-label">Fields</legend>
          <div className="export-fields">
            {offered.map((f) => (
              <Checkbox key={f} label={labels[f]} checked={chosen.includes(f)} onCheckedChange={(on) => toggle(f, on)} />
            ))}
          </div>
          {form.errors.fields ? (
            <p className="field-error" role="alert">
              {form.errors.fields}
            </p>
          ) : null}
        </fieldset>
        <div className="export-options">
          <SelectField label="Sort by" value={form.values.sort_field} onValueChange={(v) => form.set('sort_field', v as V['sort_field'])}>
            {sortFields.map((f) => (
              <option key={f} value={f}>
                {labels[f]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Direction" value={form.values.sort_dir} onValueChange={(v) => form.set('sort_dir', v as V['sort_dir'])}>
            <option value="ASC">Ascending</option>
            <option value="DESC">Descending</option>
          </SelectField>
          <SelectField label="Format" value={form.values.output_type} onValueChange={(v) => form.set('output_type', v as V['output_type'])}>
            <option value="CSV">CSV</option>
            <option value="JSON">JSON</option>
          </SelectField>
        </div>
        {selection?.(form)}
      </div>
    </FormDialog>
  );
}

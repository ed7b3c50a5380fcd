import { atom } from 'nanostores';
import { parse } from 'csv-parse/browser/esm/sync';
import { exportDomains } from '../lib/requests/domains';
import { domainExportQuery, type ExportField, type ExportSortField } from '../lib/schemas/domain-export';
import { api } from './api';
import { createForm } from './form';

/** What the export dialog holds (spec part 2, 9 "Export"). */
export interface ExportValues {
  group: string;
  fields: ExportField[];
  sort_field: ExportSortField;
  sort_dir: 'ASC' | 'DESC';
  output_type: 'CSV' | 'JSON';
  /** Only the selected domains (when some are selected). */
  selected_domains: string[];
}

export interface ExportResult {
  filename: string;
  format: 'CSV' | 'JSON';
  rows: number;
  bytes: number;
  /** The first rows, as the Results dialog previews them: a header and values. */
  preview: { header: string[]; rows: string[][] };
  /** An object URL of the file, for the Download link; revoked when the next export replaces it. */
  url: string;
}

export const $exportResult = atom<ExportResult | null>(null);

const PREVIEW_ROWS = 5;

function resultOf(filename: string, format: 'CSV' | 'JSON', body: ArrayBuffer, fields: readonly string[]): Omit<ExportResult, 'url'> {
  const text = new TextDecoder().decode(body);
  if (format === 'JSON') {
    const rows = JSON.parse(text) as Record<string, unknown>[];
    return { filename, format, rows: rows.length, bytes: body.byteLength, preview: { header: [...fields], rows: rows.slice(0, PREVIEW_ROWS).map((r) => fields.map((f) => String(r[f] ?? ''))) } };
  }
  const [header = [], ...rows] = parse(text) as string[][];
  return { filename, format, rows: rows.length, bytes: body.byteLength, preview: { header, rows: rows.slice(0, PREVIEW_ROWS) } };
}

export const exportForm = createForm({
  schema: domainExportQuery,
  input: (values: ExportValues) => ({ ...values, selected_domains: values.selected_domains.length ? values.selected_domains : undefined }),
  send: async (query) => {
    const file = await exportDomains(api, query);
    const previous = $exportResult.get();
    if (previous) URL.revokeObjectURL(previous.url);
    const url = URL.createObjectURL(new Blob([file.body], { type: file.contentType }));
    const result = { ...resultOf(file.filename, query.output_type, file.body, query.fields), url };
    $exportResult.set(result);
    return result;
  },
});

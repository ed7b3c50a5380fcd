import { atom, type ReadableAtom } from 'nanostores';
import { parse } from 'csv-parse/browser/esm/sync';

/** An export the browser holds, as the Results step shows it (spec part 2, 2.5; part 3, 2.2). */
export interface ExportResult {
  filename: string;
  format: 'CSV' | 'JSON';
  rows: number;
  bytes: number;
  /** The first rows, as the Results step previews them: a header and values. */
  preview: { header: string[]; rows: string[][] };
  /** An object URL of the file, for the Download link; revoked when the next export replaces it. */
  url: string;
}

const PREVIEW_ROWS = 5;

/** What one export dialog keeps of its last file: the result shown, and how a new file replaces it. */
export function createExportResult(): {
  $result: ReadableAtom<ExportResult | null>;
  keep(file: { filename: string; body: ArrayBuffer; contentType: string }, format: 'CSV' | 'JSON', fields: readonly string[]): ExportResult;
} {
  const $result = atom<ExportResult | null>(null);
  return {
    $result,
    keep(file, format, fields) {
      const previous = $result.get();
      if (previous) URL.revokeObjectURL(previous.url);
      const text = new TextDecoder().decode(file.body);
      let rows: number;
      let preview: ExportResult['preview'];
      if (format === 'JSON') {
        const all = JSON.parse(text) as Record<string, unknown>[];
        rows = all.length;
        preview = { header: [...fields], rows: all.slice(0, PREVIEW_ROWS).map((r) => fields.map((f) => String(r[f] ?? ''))) };
      } else {
        const [header = [], ...all] = parse(text) as string[][];
        rows = all.length;
        preview = { header, rows: all.slice(0, PREVIEW_ROWS) };
      }
      const result: ExportResult = {
        filename: file.filename,
        format,
        rows,
        bytes: file.body.byteLength,
        preview,
        url: URL.createObjectURL(new Blob([file.body], { type: file.contentType })),
      };
      $result.set(result);
      return result;
    },
  };
}

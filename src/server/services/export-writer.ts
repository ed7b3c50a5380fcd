import { stringify } from 'csv-stringify/sync';

/**
 * The text of a streamed export, chunk by chunk (domains and IP addresses, docs/decisions.md
 * "Export"): CSV with its header of labels first, or one JSON array written a record at a time,
 * closed by the last chunk. Nothing but the chunk in hand is held.
 */
export function createExportWriter<F extends string>(format: 'CSV' | 'JSON', fields: readonly F[], labels: Record<F, string>) {
  let started = false;
  let records = 0;
  return (chunk: readonly (readonly unknown[])[], last: boolean): string => {
    let text = '';
    if (format === 'CSV') {
      if (!started) text += stringify([fields.map((f) => labels[f])]);
      text += stringify(chunk as unknown[][]);
    } else {
      for (const values of chunk) text += `${records++ === 0 ? '[\n' : ',\n'}${JSON.stringify(Object.fromEntries(fields.map((f, i) => [f, values[i] ?? null])))}`;
      if (last) text += records === 0 ? '[]\n' : '\n]\n';
    }
    started = true;
    return text;
  };
}

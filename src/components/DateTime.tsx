import { formatDate, formatDateTime } from '../lib/format/dates';

/** A UTC date as the panel shows it (`YYYY/MM/DD HH:mm:ss`, or the date alone), machine-readable too. */
export function DateTime({ value, dateOnly = false, fallback = '' }: { value: string | Date | null | undefined; dateOnly?: boolean; fallback?: string }) {
  const text = dateOnly ? formatDate(value) : formatDateTime(value);
  if (!text) return <>{fallback}</>;
  const iso = typeof value === 'string' ? value : value!.toISOString();
  return <time dateTime={iso}>{text}</time>;
}

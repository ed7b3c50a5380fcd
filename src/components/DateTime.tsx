import { useStore } from '@nanostores/react';
import { formatDate, formatDateTimeWithZone, formatRelative } from '../lib/format/dates';
import { $preferences } from '../stores/preferences';

export interface DateTimeProps {
  value: string | Date | null | undefined;
  /** Billing dates: `YYYY/MM/DD`, no clock and no zone. */
  dateOnly?: boolean;
  /** Activity lists add how long ago it was. */
  relative?: boolean;
  fallback?: string;
}

/**
 * A time as the panel shows it: `YYYY/MM/DD HH:mm:ss` marked with its zone, UTC unless the
 * viewer chose their own (spec part 1, 9), machine-readable in `datetime`.
 */
export function DateTime({ value, dateOnly = false, relative = false, fallback = '' }: DateTimeProps) {
  const { timeZone } = useStore($preferences);
  const text = dateOnly ? formatDate(value) : formatDateTimeWithZone(value, timeZone);
  if (!text) return <>{fallback}</>;
  const iso = typeof value === 'string' ? value : value!.toISOString();
  return (
    <>
      <time dateTime={iso}>{text}</time>
      {relative ? <span className="time-ago"> ({formatRelative(value)})</span> : null}
    </>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Which clock times are shown on: UTC (the spec's default) or the viewer's own time zone. */
export type TimeZoneChoice = 'utc' | 'local';

const toDate = (value: string | Date | null | undefined): Date | null => {
  if (!value) return null;
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
};

/** The clock fields of `d` in UTC or in the runtime's own zone. */
function fields(d: Date, zone: TimeZoneChoice) {
  return zone === 'utc'
    ? { y: d.getUTCFullYear(), mo: d.getUTCMonth() + 1, day: d.getUTCDate(), h: d.getUTCHours(), mi: d.getUTCMinutes(), s: d.getUTCSeconds() }
    : { y: d.getFullYear(), mo: d.getMonth() + 1, day: d.getDate(), h: d.getHours(), mi: d.getMinutes(), s: d.getSeconds() };
}

/** `GMT+2`-style name of the runtime's zone at `d`, for times shown in it. */
export function localZoneName(d: Date): string {
  const part = new Intl.DateTimeFormat('en', { timeZoneName: 'short' }).formatToParts(d).find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'local time';
}

/** `YYYY/MM/DD HH:mm:ss` in UTC, the panel's one date format (spec part 1, 9); or in the viewer's zone. */
export function formatDateTime(value: string | Date | null | undefined, zone: TimeZoneChoice = 'utc'): string {
  const d = toDate(value);
  if (!d) return '';
  const f = fields(d, zone);
  return `${f.y}/${pad(f.mo)}/${pad(f.day)} ${pad(f.h)}:${pad(f.mi)}:${pad(f.s)}`;
}

/** The same with the zone it is in, as the panel shows it: `2026/03/04 03:06:07 UTC`. */
export function formatDateTimeWithZone(value: string | Date | null | undefined, zone: TimeZoneChoice = 'utc'): string {
  const d = toDate(value);
  if (!d) return '';
  return `${formatDateTime(d, zone)} ${zone === 'utc' ? 'UTC' : localZoneName(d)}`;
}

/** `YYYY/MM/DD` in UTC, for billing dates. */
export function formatDate(value: string | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}`;
}

const STEPS: readonly [limitSeconds: number, unitSeconds: number, unit: string][] = [
  [3600, 60, 'min'],
  [86_400, 3600, 'h'],
  [30 * 86_400, 86_400, 'd'],
  [365 * 86_400, 30 * 86_400, 'mo'],
  [Number.POSITIVE_INFINITY, 365 * 86_400, 'y'],
];

/** How long ago, for activity lists: 'just now', '5 min ago', '2 h ago', '3 d ago'; 'in 2 h' ahead. */
export function formatRelative(value: string | Date | null | undefined, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  const seconds = Math.round((now.getTime() - d.getTime()) / 1000);
  const size = Math.abs(seconds);
  if (size < 60) return 'just now';
  const [, unitSeconds, unit] = STEPS.find(([limit]) => size < limit)!;
  const count = Math.floor(size / unitSeconds);
  return seconds >= 0 ? `${count} ${unit} ago` : `in ${count} ${unit}`;
}

import { REPORT_DATE_INVALID, REPORT_MAX_DAYS, REPORT_RANGE_REVERSED, REPORT_RANGE_TOO_LONG } from '../schemas/affiliate';

/**
 * The affiliate area's rules (spec part 3, 2.10 and 9), shared by the panel and the API: its
 * tabs, the report's date presets and range check, the wire fees shown beside payment details.
 */

export const AFFILIATE_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'links', label: 'Links' },
  { value: 'reports', label: 'Reports' },
  { value: 'billing', label: 'Billing' },
] as const;
export type AffiliateTab = (typeof AFFILIATE_TABS)[number]['value'];

export const isAffiliateTab = (s: string): s is AffiliateTab => AFFILIATE_TABS.some((t) => t.value === s);
/** Overview has no address of its own: it is /affiliate. */
export const affiliateTabPath = (tab: AffiliateTab) => (tab === 'overview' ? '/affiliate' : `/affiliate/${tab}`);

/** Spec part 3, 9: wire fees, FX and PayPal notes shown in the payment details dialog. */
export const WIRE_FEES = ['USD wire transfer fee: USD 23.00.', 'EUR wire transfer fee: USD 17.50.', 'A 3% FX fee may apply.', 'PayPal fees apply to PayPal payouts.'] as const;

/** How long a referral's payout is CLEARING before it counts as unpaid earnings (refund window). */
export const CLEARING_DAYS = 30;

export const REPORT_PRESETS = [
  'TODAY',
  'THIS_WEEK',
  'LAST_7_DAYS',
  'LAST_14_DAYS',
  'LAST_30_DAYS',
  'THIS_MONTH',
  'LAST_MONTH',
  'LAST_3_MONTHS',
  'LAST_6_MONTHS',
  'THIS_YEAR',
  'LAST_YEAR',
] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

/** Spec part 3, 2.10: the presets as the picker names them. */
export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  TODAY: 'Today',
  THIS_WEEK: 'This Week',
  LAST_7_DAYS: 'Last 7 Days',
  LAST_14_DAYS: 'Last 14 Days',
  LAST_30_DAYS: 'Last 30 Days',
  THIS_MONTH: 'This Month',
  LAST_MONTH: 'Last Month',
  LAST_3_MONTHS: 'Last 3 Months',
  LAST_6_MONTHS: 'Last 6 Months',
  THIS_YEAR: 'This Year',
  LAST_YEAR: 'Last Year',
};

export interface ReportRange {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
export const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);
const parse = (day: string) => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, n: number) => dayOf(new Date(parse(day).getTime() + n * DAY_MS));
const monthStart = (day: string, monthsBack = 0) => {
  const d = parse(day);
  return dayOf(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBack, 1)));
};

/**
 * The dates of a preset seen from `today` (UTC days): weeks start on Monday; "Last N Months"
 * are the N months up to today (the same day N months back, plus one); years are calendar years.
 */
export function presetRange(preset: ReportPreset, today: string): ReportRange {
  const d = parse(today);
  const year = d.getUTCFullYear();
  switch (preset) {
    case 'TODAY':
      return { start: today, end: today };
    case 'THIS_WEEK':
      return { start: addDays(today, -((d.getUTCDay() + 6) % 7)), end: today };
    case 'LAST_7_DAYS':
      return { start: addDays(today, -6), end: today };
    case 'LAST_14_DAYS':
      return { start: addDays(today, -13), end: today };
    case 'LAST_30_DAYS':
      return { start: addDays(today, -29), end: today };
    case 'THIS_MONTH':
      return { start: monthStart(today), end: today };
    case 'LAST_MONTH':
      return { start: monthStart(today, 1), end: addDays(monthStart(today), -1) };
    case 'LAST_3_MONTHS':
    case 'LAST_6_MONTHS': {
      const months = preset === 'LAST_3_MONTHS' ? 3 : 6;
      // The same day `months` back, clamped to that month's end (31 May -> 28/29 Feb).
      const back = new Date(Date.UTC(year, d.getUTCMonth() - months, 1));
      const lastDay = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate();
      back.setUTCDate(Math.min(d.getUTCDate(), lastDay));
      return { start: addDays(dayOf(back), 1), end: today };
    }
    case 'THIS_YEAR':
      return { start: `${year}-01-01`, end: today };
    case 'LAST_YEAR':
      return { start: `${year - 1}-01-01`, end: `${year - 1}-12-31` };
  }
}

export const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(parse(s).getTime()) && dayOf(parse(s)) === s;

/** Every day from start to end, both included. */
export function daysBetween({ start, end }: ReportRange): string[] {
  const days: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Why a report range cannot be shown (a sentence), or null. */
export function reportRangeProblem({ start, end }: ReportRange): string | null {
  if (!isDay(start) || !isDay(end)) return REPORT_DATE_INVALID;
  if (start > end) return REPORT_RANGE_REVERSED;
  if ((parse(end).getTime() - parse(start).getTime()) / DAY_MS + 1 > REPORT_MAX_DAYS) return REPORT_RANGE_TOO_LONG;
  return null;
}

/** Referrals per click, in percent with two decimals (0 without clicks). */
export const conversionRate = (referrals: number, visits: number) => (visits > 0 ? Math.round((referrals / visits) * 10_000) / 100 : 0);

/** The API's public referral handler (src/server/routes/affiliate-referral.ts), below the API's `/api`. */
export const REFERRAL_PATH = '/affiliate/r/{hash}';

/** The address an affiliate link is followed at: the reference API's referral handler on `origin`. */
export const referralUrl = (origin: string, hash: string) => `${origin.replace(/\/+$/, '')}/api${REFERRAL_PATH.replace('{hash}', encodeURIComponent(hash))}`;

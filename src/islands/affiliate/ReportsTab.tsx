import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { DateTime } from '../../components/DateTime';
import { TextField } from '../../components/TextField';
import { SelectField } from '../../components/form/SelectField';
import type { ReportRow } from '../../lib/api/affiliate';
import { REPORT_PRESET_LABELS, REPORT_PRESETS, type ReportPreset } from '../../lib/rules/affiliate';
import { $report, choosePreset, loadReport } from '../../stores/affiliate';
import { DocTable } from '../../components/billing/DocumentParts';
import { Money } from '../../components/Money';
import { ReportChart } from './ReportChart';

const isPreset = (s: string): s is ReportPreset => (REPORT_PRESETS as readonly string[]).includes(s);

const NO_REPORT_ACTIVITY = 'No clicks, referrals or earnings in this date range.';

/** A day with something to show: a year of days is mostly empty ones, which only the chart needs. */
const hasActivity = (r: ReportRow) => r.clicks > 0 || r.referrals > 0 || r.earnings !== 0;

/**
 * Reports (spec part 3, 2.10): the range with every preset, the area chart of every day in it and
 * the table (date, referrals, clicks, earnings) of the days with activity.
 */
export function ReportsTab() {
  const { preset, range, rows, loading, problem } = useStore($report);
  const active = rows?.filter(hasActivity) ?? [];
  useEffect(() => {
    void loadReport();
  }, []);
  return (
    <section aria-label="Reports" className="affiliate-reports">
      <div className="affiliate-range">
        <SelectField label="Date range" value={preset ?? ''} onValueChange={(v) => (isPreset(v) ? void choosePreset(v) : undefined)}>
          <option value="">Custom</option>
          {REPORT_PRESETS.map((p) => (
            <option key={p} value={p}>
              {REPORT_PRESET_LABELS[p]}
            </option>
          ))}
        </SelectField>
        <TextField label="From" type="date" name="start" value={range.start} onValueChange={(v) => void loadReport({ ...range, start: v }, null)} error={problem ?? undefined} />
        <TextField label="To" type="date" name="end" value={range.end} onValueChange={(v) => void loadReport({ ...range, end: v }, null)} />
      </div>
      {rows ? (
        <>
          <ReportChart rows={rows} />
          {active.length ? (
            <DocTable
              label="Report table"
              columns={[{ header: 'Date' }, { header: 'Referrals', numeric: true }, { header: 'Clicks', numeric: true }, { header: 'Earnings', numeric: true }]}
              rows={active.reverse().map((r) => ({
                key: r.date,
                cells: [<DateTime key="date" value={r.date} dateOnly />, r.referrals, r.clicks, <Money key="earnings" cents={r.earnings} currency="USD" />],
              }))}
            />
          ) : (
            <p className="muted">{NO_REPORT_ACTIVITY}</p>
          )}
        </>
      ) : loading ? (
        <p className="page-loading" role="status">
          Loading...
        </p>
      ) : null}
    </section>
  );
}

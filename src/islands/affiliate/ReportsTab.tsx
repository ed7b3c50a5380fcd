import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { TextField } from '../../components/TextField';
import { SelectField } from '../../components/form/SelectField';
import { REPORT_PRESET_LABELS, REPORT_PRESETS, type ReportPreset } from '../../lib/rules/affiliate';
import { $report, choosePreset, loadReport } from '../../stores/affiliate';
import { DocTable } from '../billing/DocumentParts';
import { Money } from '../billing/Money';
import { ReportChart } from './ReportChart';

const isPreset = (s: string): s is ReportPreset => (REPORT_PRESETS as readonly string[]).includes(s);

/** Reports (spec part 3, 2.10): the range with every preset, the area chart and the table (date, referrals, clicks, earnings). */
export function ReportsTab() {
  const { preset, range, rows, loading, problem } = useStore($report);
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
          <DocTable
            label="Report table"
            columns={[{ header: 'Date' }, { header: 'Referrals', numeric: true }, { header: 'Clicks', numeric: true }, { header: 'Earnings', numeric: true }]}
            rows={[...rows].reverse().map((r) => ({ key: r.date, cells: [r.date, r.referrals, r.clicks, <Money cents={r.earnings} currency="USD" />] }))}
          />
        </>
      ) : loading ? (
        <p className="page-loading" role="status">
          Loading...
        </p>
      ) : null}
    </section>
  );
}

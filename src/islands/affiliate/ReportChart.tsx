import { useCallback } from 'react';
import { TimeChart, type ThemeColour, type TimeChartDrawing } from '../../components/TimeChart';
import type { ReportRow } from '../../lib/api/affiliate';

/** The count axis's steps: clicks and referrals are whole, so no 0.2 ticks (1, 2, 5, 10, 20, 50 ...). */
const WHOLE_STEPS = Array.from({ length: 10 }, (_, k) => [1, 2, 5].map((m) => m * 10 ** k)).flat();

/**
 * Clicks and referrals per day as an area chart (TimeChart, like the domain analytics chart);
 * the table below has the figures.
 */
export function ReportChart({ rows }: { rows: ReportRow[] }) {
  const draw = useCallback(
    (colour: ThemeColour): TimeChartDrawing => {
      const area = (name: string, variable: string) => ({ label: name, stroke: colour(variable), width: 2, fill: `${colour(variable)}33` });
      return {
        x: { values: (_u, splits) => splits.map((s) => new Date(s * 1000).toISOString().slice(5, 10).replace('-', '/')) },
        y: { incrs: WHOLE_STEPS },
        series: [area('Clicks', '--primary'), area('Referrals', '--success')],
        data: [rows.map((r) => Date.parse(`${r.date}T00:00:00Z`) / 1000), rows.map((r) => r.clicks), rows.map((r) => r.referrals)],
      };
    },
    [rows],
  );
  const clicks = rows.reduce((n, r) => n + r.clicks, 0);
  const referrals = rows.reduce((n, r) => n + r.referrals, 0);
  return (
    <div className="affiliate-chart-wrap">
      <TimeChart className="affiliate-chart" label={`Clicks (${clicks}) and referrals (${referrals}) per day`} height={240} draw={draw} />
      <ul className="affiliate-legend">
        <li>
          <span className="affiliate-swatch swatch-clicks" aria-hidden="true" /> Clicks
        </li>
        <li>
          <span className="affiliate-swatch swatch-referrals" aria-hidden="true" /> Referrals
        </li>
      </ul>
    </div>
  );
}

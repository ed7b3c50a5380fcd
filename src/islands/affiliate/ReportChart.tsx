import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ReportRow } from '../../lib/api/affiliate';

const HEIGHT = 240;
/** The count axis's steps: clicks and referrals are whole, so no 0.2 ticks (1, 2, 5, 10, 20, 50 ...). */
const WHOLE_STEPS = Array.from({ length: 10 }, (_, k) => [1, 2, 5].map((m) => m * 10 ** k)).flat();

/**
 * Clicks and referrals per day as an area chart, drawn with uPlot (LIBRARIES.md section 8) like
 * the domain analytics chart: colours from the theme's variables (dark mode gets its own), the
 * width follows the box, a role="img" wrapper says what it shows; the table below has the figures.
 */
export function ReportChart({ rows }: { rows: ReportRow[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const css = getComputedStyle(el);
    const colour = (name: string) => css.getPropertyValue(name).trim() || 'currentColor';
    const grid = colour('--border');
    const axis = { stroke: colour('--text-muted'), grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const area = (name: string, variable: string) => ({ label: name, stroke: colour(variable), width: 2, fill: `${colour(variable)}33` });
    const chart = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [{ ...axis, values: (_u, splits) => splits.map((s) => new Date(s * 1000).toISOString().slice(5, 10).replace('-', '/')) }, { ...axis, incrs: WHOLE_STEPS }],
        series: [{}, area('Clicks', '--primary'), area('Referrals', '--success')],
      },
      [rows.map((r) => Date.parse(`${r.date}T00:00:00Z`) / 1000), rows.map((r) => r.clicks), rows.map((r) => r.referrals)],
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(280, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [rows]);
  const clicks = rows.reduce((n, r) => n + r.clicks, 0);
  const referrals = rows.reduce((n, r) => n + r.referrals, 0);
  return (
    <div className="affiliate-chart-wrap">
      <div ref={box} className="affiliate-chart" role="img" aria-label={`Clicks (${clicks}) and referrals (${referrals}) per day`} />
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

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { isHourly, timeTickLabel, timeTicks } from '../../../lib/format/time-axis';

/**
 * Visits over time drawn with uPlot (LIBRARIES.md section 8) on a canvas, named for assistive
 * technology by a role="img" wrapper with a label that says what it shows. Colours come from the
 * theme's variables when it draws, so the dark theme gets its own; the width follows the box.
 */
export interface ChartSeries {
  name: string;
  visits: number[];
}

const HEIGHT = 220;
/** Series colours, by theme variable, in order. */
const COLOURS = ['--primary', '--accent', '--success', '--danger', '--text-muted'];

/** Room for one time label, in CSS pixels: the axis holds as many as fit, never one date twice. */
const LABEL_ROOM_PX = 64;

export function TrafficChart({ label, timestamps, series }: { label: string; timestamps: string[]; series: ChartSeries[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const css = getComputedStyle(el);
    const colour = (k: number) => css.getPropertyValue(COLOURS[k % COLOURS.length]!).trim() || 'currentColor';
    const muted = css.getPropertyValue('--text-muted').trim();
    const grid = css.getPropertyValue('--border').trim();
    const hourly = isHourly(timestamps);
    const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const chart = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          {
            ...axis,
            splits: (u, _axis, min, max) => timeTicks(min, max, hourly, (u.bbox.width / devicePixelRatio || u.width) / LABEL_ROOM_PX),
            values: (_u, splits) => splits.map((s) => timeTickLabel(s, hourly)),
          },
          axis,
        ],
        series: [{}, ...series.map((s, k) => ({ label: s.name, stroke: colour(k), width: 2, fill: series.length === 1 ? `${colour(k)}22` : undefined }))],
      },
      [timestamps.map((t) => Date.parse(t) / 1000), ...series.map((s) => s.visits)],
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(280, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [timestamps, series]);

  return (
    <div className="traffic-chart-wrap">
      <div ref={box} className="traffic-chart" role="img" aria-label={label} />
      {series.length > 1 ? (
        <ul className="traffic-legend">
          {series.map((s, k) => (
            <li key={s.name}>
              <span className={`traffic-swatch series-${k % COLOURS.length}`} aria-hidden="true" /> {s.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** A theme variable's value where the chart draws, so the dark theme gets its own colours. */
export type ThemeColour = (variable: string) => string;

/** What one chart draws over the shared look: its axes' own options, its series and their data. */
export interface TimeChartDrawing {
  /** The time axis's own ticks and labels. */
  x: uPlot.Axis;
  y: uPlot.Axis;
  /** The series after the time column. */
  series: uPlot.Series[];
  /** The times (seconds) first, then one column per series. */
  data: uPlot.AlignedData;
}

/**
 * Counts over time drawn with uPlot (LIBRARIES.md section 8) on a canvas: colours from the theme's
 * variables when it draws, a count axis from 0, the width following the box, and a role="img"
 * wrapper whose label says what it shows. `draw` runs on each drawing; keep it stable
 * (useCallback over the data) so the chart is drawn again only when the data changes.
 */
export function TimeChart({ className, label, height, draw }: { className: string; label: string; height: number; draw: (colour: ThemeColour) => TimeChartDrawing }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const css = getComputedStyle(el);
    const colour: ThemeColour = (variable) => css.getPropertyValue(variable).trim() || 'currentColor';
    const grid = colour('--border');
    const axis = { stroke: colour('--text-muted'), grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const { x, y, series, data } = draw(colour);
    const size = () => ({ width: Math.max(280, el.clientWidth), height });
    const chart = new uPlot(
      {
        ...size(),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { ...axis, ...x },
          { ...axis, ...y },
        ],
        series: [{}, ...series],
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize(size()));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [draw, height]);
  return <div ref={box} className={className} role="img" aria-label={label} />;
}

import { useCallback } from 'react';
import { TimeChart, type ThemeColour, type TimeChartDrawing } from '../../../components/TimeChart';
import { isHourly, timeTickLabel, timeTicks } from '../../../lib/format/time-axis';

export interface ChartSeries {
  name: string;
  visits: number[];
}

/** Series colours, by theme variable, in order. */
const COLOURS = ['--primary', '--accent', '--success', '--danger', '--text-muted'];

/** Room for one time label, in CSS pixels: the axis holds as many as fit, never one date twice. */
const LABEL_ROOM_PX = 64;

/** Visits over time (TimeChart), hourly or daily labels by the data; a legend when there are several series. */
export function TrafficChart({ label, timestamps, series }: { label: string; timestamps: string[]; series: ChartSeries[] }) {
  const draw = useCallback(
    (colour: ThemeColour): TimeChartDrawing => {
      const hourly = isHourly(timestamps);
      const stroke = (k: number) => colour(COLOURS[k % COLOURS.length]!);
      return {
        x: {
          splits: (u, _axis, min, max) => timeTicks(min, max, hourly, (u.bbox.width / devicePixelRatio || u.width) / LABEL_ROOM_PX),
          values: (_u, splits) => splits.map((s) => timeTickLabel(s, hourly)),
        },
        y: {},
        series: series.map((s, k) => ({ label: s.name, stroke: stroke(k), width: 2, fill: series.length === 1 ? `${stroke(k)}22` : undefined })),
        data: [timestamps.map((t) => Date.parse(t) / 1000), ...series.map((s) => s.visits)],
      };
    },
    [timestamps, series],
  );

  return (
    <div className="traffic-chart-wrap">
      <TimeChart className="traffic-chart" label={label} height={220} draw={draw} />
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

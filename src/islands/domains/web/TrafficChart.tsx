/**
 * Visits over time as a line chart in SVG, named for assistive technology by a role="img"
 * wrapper with a label (LIBRARIES.md section 8). uPlot, the vetted chart library, is not
 * installed in this tree yet; this component keeps the chart's interface (an x axis of
 * timestamps and named series) so it can draw through uPlot instead without its callers changing.
 */
export interface ChartSeries {
  name: string;
  visits: number[];
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };
/** Series colours (domain-web.css .series-N) read on the light and the dark theme alike. */
const COLOURS = 5;

const tickLabel = (timestamp: string, hourly: boolean) => (hourly ? timestamp.slice(11, 16) : timestamp.slice(5, 10).replace('-', '/'));

export function TrafficChart({ label, timestamps, series }: { label: string; timestamps: string[]; series: ChartSeries[] }) {
  const hourly = timestamps.length > 1 && timestamps[0]!.slice(0, 10) === timestamps[1]!.slice(0, 10);
  const max = Math.max(1, ...series.flatMap((s) => s.visits));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (timestamps.length > 1 ? (i / (timestamps.length - 1)) * innerW : innerW / 2);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const every = Math.max(1, Math.ceil(timestamps.length / 8));
  return (
    <div className="traffic-chart" role="img" aria-label={label}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line className="grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max * f)} y2={y(max * f)} />
            <text className="axis" x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end">
              {Math.round(max * f)}
            </text>
          </g>
        ))}
        {timestamps.map((t, i) =>
          i % every === 0 ? (
            <text key={t} className="axis" x={x(i)} y={HEIGHT - 8} textAnchor="middle">
              {tickLabel(t, hourly)}
            </text>
          ) : null,
        )}
        {series.map((s, k) => (
          <polyline key={s.name} className={`series series-${k % COLOURS}`} points={s.visits.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
        ))}
      </svg>
      {series.length > 1 ? (
        <ul className="traffic-legend">
          {series.map((s, k) => (
            <li key={s.name}>
              <span className={`traffic-swatch series-${k % COLOURS}`} aria-hidden="true" /> {s.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

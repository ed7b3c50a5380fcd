import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { SelectField } from '../../../components/form/SelectField';
import { TextField } from '../../../components/TextField';
import { dayOf, earliestDay, QUICK_RANGE_LABELS, QUICK_RANGES, roundedPercentage, truncateLabel, type QuickRange } from '../../../lib/rules/analytics-ranges';
import { TRAFFIC_FIELD_LABELS, TRAFFIC_FIELDS, type TrafficField } from '../../../lib/schemas/analytics';
import { $analytics, chooseDates, chooseField, chooseQuickRange, showAnalytics } from '../../../stores/domain-web';
import { TrafficChart } from './TrafficChart';
import { ScrollBox } from '../../../components/ScrollBox';
import './domain-web.css';

const CUSTOM = 'CUSTOM';
const number = new Intl.NumberFormat('en-US');

/** Bytes as people read them (1 KiB = 1024 bytes). */
function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** A share as the spec shows it: a rounded percentage with its bar. */
function Share({ visits, total }: { visits: number; total: number }) {
  const percent = roundedPercentage(visits, total);
  return (
    <span className="traffic-share">
      <progress max={100} value={percent} aria-hidden="true" />
      <span>{percent}%</span>
    </span>
  );
}

/** Rows of one field, long paths and referers cut at 50 characters (spec part 2, 9). */
function ShareTable({ caption, nameHeader, rows, total }: { caption: string; nameHeader: string; rows: { name: string; visits: number }[]; total: number }) {
  if (rows.length === 0) return <p>No visits in this range.</p>;
  return (
    <ScrollBox className="data-table-wrap" label={caption}>
      <table className="data-table traffic-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{nameHeader}</th>
            <th scope="col" className="cell-number">
              Visits
            </th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name}>
              <td title={r.name.length > 50 ? r.name : undefined}>{truncateLabel(r.name)}</td>
              <td className="cell-number">{number.format(r.visits)}</td>
              <td>
                <Share visits={r.visits} total={total} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** The quick ranges of section 9 and custom dates within the last 30 days. */
function RangePicker() {
  const { quick, range } = useStore($analytics);
  const [custom, setCustom] = useState(quick === null);
  const [dates, setDates] = useState(range);
  const [problem, setProblem] = useState<string | undefined>();
  const today = dayOf(new Date());

  const apply = (event: FormEvent) => {
    event.preventDefault();
    void chooseDates(dates).then((sentence) => setProblem(sentence ?? undefined));
  };

  return (
    <form className="analytics-range" onSubmit={apply}>
      <SelectField
        label="Date range"
        value={custom ? CUSTOM : (quick ?? CUSTOM)}
        onValueChange={(v) => {
          if (v === CUSTOM) {
            setCustom(true);
            setDates(range);
            return;
          }
          setCustom(false);
          setProblem(undefined);
          void chooseQuickRange(v as QuickRange);
        }}
      >
        {QUICK_RANGES.map((q) => (
          <option key={q} value={q}>
            {QUICK_RANGE_LABELS[q]}
          </option>
        ))}
        <option value={CUSTOM}>Custom dates</option>
      </SelectField>
      {custom ? (
        <>
          <TextField
            label="From"
            type="date"
            min={earliestDay(today)}
            max={today}
            value={dates.start_date}
            onValueChange={(v) => setDates({ ...dates, start_date: v })}
            error={problem}
          />
          <TextField label="To" type="date" min={earliestDay(today)} max={today} value={dates.end_date} onValueChange={(v) => setDates({ ...dates, end_date: v })} />
          <button type="submit" className="button">
            Apply
          </button>
        </>
      ) : null}
    </form>
  );
}

/**
 * The drawer's Analytics (beta) tab (spec part 2, 2.7, 3 "Traffic analytics", 9): totals, visits
 * over time, the top 10 countries, and the visits per value of one field.
 */
export function AnalyticsTab({ domain }: { domain: string }) {
  const state = useStore($analytics);
  useEffect(() => {
    void showAnalytics(domain);
  }, [domain]);
  const { overview, detail } = state;
  const countryTotal = overview ? overview.country_visits.reduce((a, c) => a + c.visits, 0) : 0;

  return (
    <div className="domain-web-tab">
      <RangePicker />
      {!overview || state.domain !== domain ? (
        <p className="page-loading" role="status">
          Loading...
        </p>
      ) : (
        <>
          <section aria-labelledby="analytics-overview">
            <h3 id="analytics-overview">Overview</h3>
            <dl className="analytics-totals">
              <div>
                <dt>Total visits</dt>
                <dd>{number.format(overview.total_visits)}</dd>
              </div>
              <div>
                <dt>Unique visits</dt>
                <dd>{number.format(overview.unique_visits)}</dd>
              </div>
              <div>
                <dt>Bandwidth</dt>
                <dd>{formatBytes(overview.bandwidth_usage)}</dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="analytics-visits">
            <h3 id="analytics-visits">Visits over time</h3>
            <TrafficChart
              label={`Visits from ${overview.start_date} to ${overview.end_date}: ${number.format(overview.total_visits)} in all`}
              timestamps={overview.domain_visits.map((p) => p.timestamp)}
              series={[{ name: 'Visits', visits: overview.domain_visits.map((p) => p.visits) }]}
            />
          </section>
          <section aria-labelledby="analytics-countries">
            <h3 id="analytics-countries">Top 10 countries</h3>
            <ShareTable caption="Top 10 countries" nameHeader="Country" rows={overview.country_visits.map((c) => ({ name: c.country, visits: c.visits }))} total={countryTotal} />
          </section>
        </>
      )}
      <section aria-labelledby="analytics-detail">
        <h3 id="analytics-detail">Details</h3>
        <SelectField label="Show" value={state.field} onValueChange={(v) => void chooseField(v as TrafficField)}>
          {TRAFFIC_FIELDS.map((f) => (
            <option key={f} value={f}>
              {TRAFFIC_FIELD_LABELS[f]}
            </option>
          ))}
        </SelectField>
        {detail && detail.field === state.field ? (
          <ShareTable caption={TRAFFIC_FIELD_LABELS[detail.field]} nameHeader={TRAFFIC_FIELD_LABELS[detail.field]} rows={detail.data} total={detail.total} />
        ) : (
          <p className="page-loading" role="status">
            Loading...
          </p>
        )}
      </section>
    </div>
  );
}

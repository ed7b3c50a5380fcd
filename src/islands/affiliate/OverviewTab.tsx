import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { DocTable } from '../../components/billing/DocumentParts';
import { Money } from '../../components/Money';
import { payoutTypeWords } from '../../lib/format/words';
import { overview, recentActivity } from '../../stores/affiliate';

const percent = (n: number) => `${n.toFixed(2)}%`;

function Figures({ title, figures }: { title: string; figures: [label: string, value: React.ReactNode][] }) {
  return (
    <section className="affiliate-figures" aria-label={title}>
      <h3>{title}</h3>
      <dl>
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Overview (spec part 3, 2.10): the last 30 days, all time, and the recent referral activity. */
export function OverviewTab() {
  const { data: o, loading } = useStore(overview.$state);
  const { data: recent } = useStore(recentActivity.$state);
  useEffect(() => {
    void overview.load();
    void recentActivity.load();
  }, []);
  return (
    <div className="affiliate-overview">
      {o ? (
        <div className="affiliate-figure-groups">
          <Figures
            title="Last 30 days"
            figures={[
              ['Referrals', o.last_30_days.referrals_count],
              ['Visits', o.last_30_days.visits_count],
              ['Conversion rate', percent(o.last_30_days.conversion_rate)],
            ]}
          />
          <Figures
            title="All time"
            figures={[
              ['Referrals', o.referrals_count],
              ['Visits', o.visits_count],
              ['Conversion rate', percent(o.conversion_rate)],
              ['Total earnings', <Money key="total" cents={o.total_earnings} currency={o.currency} />],
              ['Clearing', <Money key="clearing" cents={o.clearing_earnings} currency={o.currency} />],
              ['Unpaid', <Money key="unpaid" cents={o.unpaid_earnings} currency={o.currency} />],
            ]}
          />
        </div>
      ) : loading ? (
        <p className="page-loading" role="status">
          Loading...
        </p>
      ) : null}
      <section aria-label="Recent referral activity">
        <h3>Recent referral activity</h3>
        {recent?.length ? (
          <DocTable
            label="Recent referral activity table"
            columns={[{ header: 'Payout', numeric: true }, { header: 'Payout type' }, { header: 'Status' }, { header: 'Created' }, { header: 'Date clears' }]}
            rows={recent.map((r) => ({
              key: r.guid,
              cells: [
                <Money key="payout" cents={r.payout} currency={r.currency} />,
                payoutTypeWords(r.payout_type),
                <StatusBadge key="status" status={r.status} />,
                <DateTime key="created" value={r.date_created} dateOnly />,
                <DateTime key="clears" value={r.date_clears} dateOnly />,
              ],
            }))}
          />
        ) : recent ? (
          <p className="muted">No referral activity yet.</p>
        ) : null}
      </section>
    </div>
  );
}

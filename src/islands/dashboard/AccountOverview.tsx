import type { Dashboard } from '../../lib/api/system';
import { Icon } from '../../components/Icon';

interface Stat {
  label: string;
  value: number;
  /** Above 0 this needs attention: red warning icon. */
  warn?: boolean;
}

/** Billing counts for viewers with can_view_billing. */
export function AccountOverview({ data }: { data: Dashboard }) {
  const stats: Stat[] = [
    { label: 'Unpaid invoices', value: data.unpaid_invoices },
    { label: 'Overdue invoices', value: data.overdue_invoices, warn: true },
    { label: 'Suspended orders', value: data.suspended_orders, warn: true },
    { label: 'Active orders', value: data.active_orders },
  ];
  return (
    <section className="card" aria-labelledby="overview-title">
      <h2 id="overview-title" className="card-title">
        Account Overview
      </h2>
      <dl className="stat-grid">
        {stats.map((stat) => (
          <div key={stat.label} className="stat">
            <dt>{stat.label}</dt>
            <dd>
              <span className="stat-value">{stat.value}</span>
              {stat.warn && stat.value > 0 ? <Icon name="warning" className="stat-warning" label={`Attention: ${stat.value} ${stat.label.toLowerCase()}`} /> : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

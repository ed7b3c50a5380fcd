import type { Dashboard } from '../../lib/api/system';

/** Domains against website slots, and the IP address count. */
export function AccountUsage({ data }: { data: Dashboard }) {
  const slots = Math.max(data.website_slots_available, 0);
  return (
    <section className="card" aria-labelledby="usage-title">
      <h2 id="usage-title" className="card-title">
        Account Usage
      </h2>
      <dl className="usage-list">
        <div>
          <dt>Domains</dt>
          <dd>
            {data.domain_count} of {slots} website slots
            {slots > 0 ? <progress className="usage-bar" max={slots} value={Math.min(data.domain_count, slots)} aria-label="Website slots used" /> : null}
          </dd>
        </div>
        <div>
          <dt>Website slots available</dt>
          <dd>{slots}</dd>
        </div>
        <div>
          <dt>IP addresses</dt>
          <dd>{data.ip_address_count}</dd>
        </div>
      </dl>
    </section>
  );
}

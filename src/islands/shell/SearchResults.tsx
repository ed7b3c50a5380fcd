import type { SearchEntry } from '../../lib/api/system';
import type { SearchState } from '../../stores/search';

interface Row {
  key: string;
  label: string;
  group: { guid: string; name: string } | null;
  href: string | null;
  extra: string | null;
}

/** One row per found domain or IP address, linking to its group's page. */
function rowOf(entry: SearchEntry, index: number): Row | null {
  if (entry.domain) {
    const { domain, group } = entry.domain;
    return { key: entry.domain.guid || `d${index}`, label: domain, group, href: group ? `/domains/${group.guid}` : null, extra: null };
  }
  if (entry.ip_address) {
    const { ip_address, group } = entry.ip_address;
    const domains = entry.domains?.map((d) => d.domain).join(', ') || null;
    return { key: entry.ip_address.guid || `i${index}`, label: ip_address, group, href: group ? `/ip-addresses/${group.guid}` : null, extra: domains };
  }
  return null;
}

export function SearchResults({ state }: { state: SearchState }) {
  if (state.loading) {
    return (
      <p className="muted" role="status">
        Searching {state.type === 'IP_ADDRESS' ? 'IP addresses' : 'domains'}...
      </p>
    );
  }
  if (state.info) {
    return (
      <p className="alert alert-info" role="status">
        {state.info}
      </p>
    );
  }
  if (!state.answer) return null;
  const rows = state.answer.data.map(rowOf).filter((r): r is Row => r !== null);
  const noun = state.answer.search_type === 'IP_ADDRESS' ? 'IP address' : 'Domain';
  return (
    <section aria-labelledby="search-results-title" className="search-results">
      <h3 id="search-results-title" className="section-title">
        {state.answer.results} {state.answer.results === 1 ? 'result' : 'results'}
      </h3>
      <ul className="result-list">
        {rows.map((row) => (
          <li key={row.key} className="result">
            <span className="result-kind">{noun}</span>
            {row.href ? (
              <a href={row.href} className="result-name">
                {row.label}
              </a>
            ) : (
              <span className="result-name">{row.label}</span>
            )}
            <span className="result-group">Group: {row.group?.name ?? 'none'}</span>
            {row.extra ? <span className="result-extra">Domains: {row.extra}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { StatusBadge } from '../../../components/StatusBadge';
import { Switch } from '../../../components/Switch';
import { Tooltip } from '../../../components/Tooltip';
import type { DomainMeta } from '../../../lib/api/domain-web';
import { DOMAIN_BUSY, type MetaFlag } from '../../../lib/schemas/redirects';
import { $domainMeta, loadMeta, toggleMeta } from '../../../stores/domain-web';
import { $permissions, can } from '../../../stores/permissions';
import './domain-web.css';

interface Toggle {
  flag: MetaFlag;
  label: string;
}

/** Spec part 2, 4.4: the pairs side by side, so turning one on visibly turns the other off. */
const REDIRECTS: readonly Toggle[] = [
  { flag: 'redirect_to_https', label: 'Redirect HTTP to HTTPS' },
  { flag: 'redirect_to_http', label: 'Redirect HTTPS to HTTP' },
  { flag: 'redirect_to_www', label: 'Redirect to www' },
  { flag: 'redirect_to_nonwww', label: 'Redirect to non-www' },
];
const CACHING: readonly Toggle[] = [{ flag: 'cache_enabled', label: 'Caching' }];

function ToggleList({ toggles, meta, editable }: { toggles: readonly Toggle[]; meta: DomainMeta; editable: boolean }) {
  const busy = meta.status !== 'ACTIVE';
  if (!editable) {
    // Without the edit scope the toggles are read-only badges (spec part 2, 4.4).
    return (
      <ul className="meta-badges">
        {toggles.map((t) => (
          <li key={t.flag}>
            <span>{t.label}</span> <StatusBadge status={meta[t.flag] ? 'ACTIVE' : 'INACTIVE'} label={meta[t.flag] ? 'On' : 'Off'} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="meta-toggles">
      {toggles.map((t) => {
        const control = <Switch key={t.flag} label={t.label} checked={meta[t.flag]} disabled={busy} onCheckedChange={(on) => void toggleMeta(t.flag, on)} />;
        return busy ? (
          <Tooltip key={t.flag} content={DOMAIN_BUSY}>
            <span className="meta-toggle">{control}</span>
          </Tooltip>
        ) : (
          <span key={t.flag} className="meta-toggle">
            {control}
          </span>
        );
      })}
    </div>
  );
}

/** The drawer's Misc tab (spec part 2, 2.7 and 4.4): Domain redirects and Caching, each saved at once. */
export function MiscTab({ domain }: { domain: string }) {
  const { meta, loading, domain: shown } = useStore($domainMeta);
  const permissions = useStore($permissions);
  useEffect(() => {
    void loadMeta(domain);
  }, [domain]);

  if (!meta || shown !== domain) {
    return (
      <p className="page-loading" role="status">
        {loading ? 'Loading...' : 'Settings are not available.'}
      </p>
    );
  }
  return (
    <div className="domain-web-tab">
      {meta.status !== 'ACTIVE' ? (
        <p className="meta-note" role="status">
          {meta.status === 'UPDATING' ? 'Applying your change...' : DOMAIN_BUSY}
        </p>
      ) : null}
      <section aria-labelledby="misc-redirects">
        <h3 id="misc-redirects">Domain redirects</h3>
        <ToggleList toggles={REDIRECTS} meta={meta} editable={can('can_edit_domain_redirects', permissions)} />
      </section>
      <section aria-labelledby="misc-caching">
        <h3 id="misc-caching">Caching</h3>
        <ToggleList toggles={CACHING} meta={meta} editable={can('can_edit_domain_caching', permissions)} />
      </section>
      <p className="field-hint">Changes can take up to 5 minutes.</p>
    </div>
  );
}

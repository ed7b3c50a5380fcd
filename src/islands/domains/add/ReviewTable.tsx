import { useMemo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { GroupIpAddress } from '../../../lib/api/domains';
import type { HostingAccount } from '../../../lib/api/hosting';
import type { WizardRow } from '../../../stores/add-domains';
import { HEADERS, SOFTWARE_LABELS } from './labels';
import { VIRTUALISE_FROM, WIZARD_VIEWPORT_HEIGHT, WizardHead, withSpacers } from './virtual';
import { ScrollBox } from '../../../components/ScrollBox';

/** The fixed height of a review row when virtual (.data-table-wrap.is-virtual tbody td in controls.css). */
export const REVIEW_ROW_HEIGHT = 41;

export interface ReviewTableProps {
  rows: readonly WizardRow[];
  ips: readonly GroupIpAddress[];
  accounts: readonly HostingAccount[];
  presets: readonly { guid: string; name: string }[];
}

/** The wizard's review (spec part 2, 2.8 step 2): what will be sent, virtual from VIRTUALISE_FROM rows on. */
export function ReviewTable({ rows, ips, accounts, presets }: ReviewTableProps) {
  const scrollBox = useRef<HTMLDivElement>(null);
  const virtual = rows.length >= VIRTUALISE_FROM;
  // Names by guid, looked up once rather than searched per row.
  const names = useMemo(
    () => ({
      ip: new Map(ips.map((ip) => [ip.guid, ip.ip_address])),
      account: new Map(accounts.map((a) => [a.guid, a.name])),
      preset: new Map(presets.map((p) => [p.guid, p.name])),
    }),
    [ips, accounts, presets],
  );
  const virtualizer = useVirtualizer({
    enabled: virtual,
    count: rows.length,
    getScrollElement: () => scrollBox.current,
    estimateSize: () => REVIEW_ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 8,
    initialRect: { width: 0, height: WIZARD_VIEWPORT_HEIGHT },
  });

  const renderRow = (index: number) => {
    const r = rows[index]!;
    return (
      <tr key={r.key} aria-rowindex={virtual ? index + 2 : undefined}>
        <td>{r.domain}</td>
        <td className="mono">{names.ip.get(r.ip_address)}</td>
        <td>{names.account.get(r.hosting_account)}</td>
        <td>{r.install_lets_encrypt ? 'Yes' : 'No'}</td>
        <td>{r.redirect_to_https ? 'Yes' : 'No'}</td>
        <td>{r.install_software ? SOFTWARE_LABELS[r.install_software] : 'None'}</td>
        <td>{r.software_protocol ?? '-'}</td>
        <td>{(r.software_preset && names.preset.get(r.software_preset)) ?? 'None'}</td>
      </tr>
    );
  };

  return (
    <ScrollBox ref={scrollBox} className={virtual ? 'data-table-wrap is-virtual' : 'data-table-wrap'} label="Domains to add">
      <table className="data-table" aria-rowcount={virtual ? rows.length + 1 : undefined}>
        <caption className="visually-hidden">Domains to add</caption>
        <WizardHead virtual={virtual} />
        <tbody>{virtual ? withSpacers(virtualizer.getVirtualItems(), virtualizer.getTotalSize(), HEADERS.length, renderRow) : rows.map((_, index) => renderRow(index))}</tbody>
      </table>
    </ScrollBox>
  );
}

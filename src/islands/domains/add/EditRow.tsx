import { memo, useId, useState } from 'react';
import type { GroupIpAddress } from '../../../lib/api/domains';
import type { HostingAccount } from '../../../lib/api/hosting';
import { flagOf } from '../../../lib/format/flag';
import { SOFTWARE_PROTOCOLS, WIZARD_SOFTWARE, type SoftwareProtocol } from '../../../lib/schemas/add-domains';
import { removeRow, updateRow, type WizardRow } from '../../../stores/add-domains';
import { SOFTWARE_LABELS } from './labels';

/**
 * Up to this many addresses, every row's address list is in the document; beyond it a row
 * lists only its own address until the list is focused or pressed, so a page of rows does not
 * hold rows x addresses options (a company may have thousands of addresses).
 */
export const ALL_ADDRESSES_UP_TO = 200;

export interface EditRowProps {
  row: WizardRow;
  /** The row's place in the table, from 0; labels say it from 1. */
  index: number;
  /** Set when the table is virtual: the row's aria-rowindex (the header row is 1). */
  ariaRowIndex: number | undefined;
  ips: readonly GroupIpAddress[];
  /** Addresses with no slot left (stores/add-domains.ts fullAddresses). */
  full: ReadonlySet<string>;
  accounts: readonly HostingAccount[];
  presets: readonly { guid: string; name: string }[];
  /** The virtualizer's measuring ref: rows with an error are taller. */
  measureRef: ((el: HTMLTableRowElement | null) => void) | undefined;
}

function FieldError({ message, id }: { message: string | undefined; id: string }) {
  return message ? (
    <span id={id} className="field-error" role="alert">
      {message}
    </span>
  ) : null;
}

function addressLabel(ip: GroupIpAddress, full: boolean): string {
  return `${flagOf(ip.country_code)} ${ip.ip_address} (${ip.city})${full ? ' - full' : ''}`;
}

/** The row's address: its own and those with a slot left can be chosen (spec part 2, 4.6). */
function AddressSelect({ row, label, ips, full, described }: { row: WizardRow; label: string; ips: readonly GroupIpAddress[]; full: ReadonlySet<string>; described: object }) {
  const [listed, setListed] = useState(ips.length <= ALL_ADDRESSES_UP_TO);
  const own = ips.find((ip) => ip.guid === row.ip_address);
  const shown = listed ? ips : own ? [own] : [];
  return (
    <select
      className="input"
      aria-label={label}
      value={row.ip_address}
      onFocus={() => setListed(true)}
      onPointerDown={() => setListed(true)}
      onChange={(e) => updateRow(row.key, { ip_address: e.target.value })}
      {...described}
    >
      {shown.map((ip) => {
        const isFull = ip.guid !== row.ip_address && full.has(ip.guid);
        return (
          <option key={ip.guid} value={ip.guid} disabled={isFull}>
            {addressLabel(ip, isFull)}
          </option>
        );
      })}
    </select>
  );
}

/** A cell's plain choice: an empty option named `empty` (none when null), then `options` as [value, text]. */
function CellSelect({
  label,
  value,
  empty,
  options,
  disabled,
  onChange,
  described,
}: {
  label: string;
  value: string;
  empty: string | null;
  options: readonly (readonly [string, string])[];
  disabled?: boolean;
  onChange: (value: string) => void;
  described?: object;
}) {
  return (
    <select className="input" aria-label={label} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} {...described}>
      {empty === null ? null : <option value="">{empty}</option>}
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </select>
  );
}

/**
 * One editable row of the wizard's table (spec part 2, 2.8 columns and 4.6 rules). Memoised:
 * an edit re-renders only the row it changes.
 */
export const EditRow = memo(function EditRow({ row, index, ariaRowIndex, ips, full, accounts, presets, measureRef }: EditRowProps) {
  const id = useId();
  const n = index + 1;
  const customHost = accounts.find((a) => a.guid === row.hosting_account)?.account_type === 'CUSTOM_HOST';
  const noSoftware = customHost || !row.install_software;
  const described = (field: string) => (row.errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}` } : {});
  return (
    <tr ref={measureRef} data-index={index} data-key={row.key} aria-rowindex={ariaRowIndex}>
      <td>
        <input className="input" aria-label={`Domain of row ${n}`} value={row.domain} onChange={(e) => updateRow(row.key, { domain: e.target.value })} {...described('domain')} />
        <FieldError id={`${id}-domain`} message={row.errors.domain ?? row.errors.group} />
      </td>
      <td>
        <AddressSelect row={row} label={`IP address of row ${n}`} ips={ips} full={full} described={described('ip_address')} />
        <FieldError id={`${id}-ip_address`} message={row.errors.ip_address} />
      </td>
      <td>
        <CellSelect
          label={`Hosting account of row ${n}`}
          value={row.hosting_account}
          empty="Choose"
          options={accounts.map((a) => [a.guid, a.name] as const)}
          onChange={(v) => updateRow(row.key, { hosting_account: v })}
          described={described('hosting_account')}
        />
        <FieldError id={`${id}-hosting_account`} message={row.errors.hosting_account} />
      </td>
      <td className="cell-center">
        <input
          type="checkbox"
          aria-label={`SSL for row ${n}`}
          checked={row.install_lets_encrypt}
          onChange={(e) => updateRow(row.key, { install_lets_encrypt: e.target.checked })}
        />
      </td>
      <td className="cell-center">
        <input
          type="checkbox"
          aria-label={`Redirect to HTTPS for row ${n}`}
          checked={row.redirect_to_https}
          disabled={!row.install_lets_encrypt}
          onChange={(e) => updateRow(row.key, { redirect_to_https: e.target.checked })}
        />
      </td>
      <td>
        <CellSelect
          label={`Software of row ${n}`}
          value={row.install_software ?? ''}
          empty="None"
          options={WIZARD_SOFTWARE.map((s) => [s, SOFTWARE_LABELS[s]] as const)}
          disabled={customHost}
          onChange={(v) => updateRow(row.key, { install_software: (v || null) as WizardRow['install_software'] })}
        />
      </td>
      <td>
        <CellSelect
          label={`Protocol of row ${n}`}
          value={row.software_protocol ?? ''}
          empty={noSoftware ? '-' : null}
          options={SOFTWARE_PROTOCOLS.map((p) => [p, p] as const)}
          disabled={noSoftware}
          onChange={(v) => updateRow(row.key, { software_protocol: (v || null) as SoftwareProtocol | null })}
        />
      </td>
      <td>
        <CellSelect
          label={`Software preset of row ${n}`}
          value={row.software_preset ?? ''}
          empty="None"
          options={presets.map((p) => [p.guid, p.name] as const)}
          disabled={noSoftware}
          onChange={(v) => updateRow(row.key, { software_preset: v || null })}
          described={described('software_preset')}
        />
        <FieldError id={`${id}-software_preset`} message={row.errors.software_preset} />
      </td>
      <td className="cell-actions">
        <button type="button" className="button button-small" aria-label={`Delete row ${n} (${row.domain || 'no domain'})`} onClick={() => removeRow(row.key)}>
          Delete
        </button>
      </td>
    </tr>
  );
});

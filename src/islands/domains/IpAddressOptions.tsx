import type { GroupIpAddress } from '../../lib/api/domains';
import { flagOf } from '../../lib/format/flag';

type Choice = Pick<GroupIpAddress, 'guid' | 'ip_address' | 'country_code' | 'city' | 'ip_address_type' | 'domain_count' | 'domains_allowed'>;

/**
 * The <option>s of an IP address field: each address with its place, type and websites, those
 * with no free website slot disabled (spec part 2, 5 "Subdomain": 'IP addresses with
 * domain_count at least domains_allowed are disabled'; 2.5 Modify IP Address). `current` is the
 * address the domain is on now: its slot is its own, so it stays choosable.
 */
export function IpAddressOptions({ ips, current }: { ips: readonly Choice[]; current?: string | undefined }) {
  return ips.map((ip) => {
    const full = ip.guid !== current && ip.domain_count >= ip.domains_allowed;
    return (
      <option key={ip.guid} value={ip.guid} disabled={full}>
        {flagOf(ip.country_code)} {ip.ip_address} ({ip.city}, {ip.ip_address_type.toLowerCase()}) {ip.domain_count}/{ip.domains_allowed}
        {full ? ' - full' : ''}
      </option>
    );
  });
}

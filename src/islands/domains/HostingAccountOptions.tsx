import type { HostingAccount } from '../../lib/api/hosting';

/**
 * The <option>s of a hosting account field: every account of the company, those that are not
 * ACTIVE shown with their status and disabled (spec part 2, 4.1: 'Hosting accounts that are not
 * ACTIVE cannot be chosen'; 2.2 for the group's default account).
 */
export function HostingAccountOptions({ accounts }: { accounts: readonly Pick<HostingAccount, 'guid' | 'name' | 'status'>[] }) {
  return accounts.map((a) => (
    <option key={a.guid} value={a.guid} disabled={a.status !== 'ACTIVE'}>
      {a.status === 'ACTIVE' ? a.name : `${a.name} (${a.status.toLowerCase()})`}
    </option>
  ));
}

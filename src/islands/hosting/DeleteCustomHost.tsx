import { Confirm } from '../../components/Confirm';
import type { HostingAccount } from '../../lib/api/hosting';
import { deleteCustomHost } from '../../stores/hosting-accounts';

/** Delete for a custom host, after a confirmation ('Hosting account successfully deleted!'). */
export function DeleteCustomHost({ account, fromItsPage }: { account: Pick<HostingAccount, 'guid' | 'name'>; fromItsPage: boolean }) {
  return (
    <Confirm
      title="Delete hosting account"
      message={`Delete the custom host ${account.name}? Domains can no longer be placed on it.`}
      confirmLabel="Delete"
      cancelLabel="Cancel"
      trigger="Delete"
      triggerSize="small"
      triggerVariant="danger"
      triggerAriaLabel={`Delete ${account.name}`}
      onConfirm={() => deleteCustomHost(account.guid, fromItsPage)}
    />
  );
}

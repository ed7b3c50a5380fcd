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
      trigger={
        <button type="button" className="button button-small button-danger" aria-label={`Delete ${account.name}`}>
          Delete
        </button>
      }
      onConfirm={() => deleteCustomHost(account.guid, fromItsPage)}
    />
  );
}

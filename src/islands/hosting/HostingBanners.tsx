import { useState } from 'react';
import { Can } from '../../components/Can';
import { DateTime } from '../../components/DateTime';
import type { HostingAccountDetail } from '../../lib/api/hosting';
import { cancelDowngrade } from '../../lib/requests/hosting';
import { api } from '../../stores/api';
import { loadHostingAccount } from '../../stores/hosting-accounts';
import { toastError, toastSuccess } from '../../stores/toasts';

/** Spec part 3, 2.8: said on an account whose cPanel account does not exist yet. */
export const NOT_CREATED_TEXT = 'This account has not been created, yet. Please add IP addresses to your default IP group.';

/** The account page's banners (spec part 3, 2.8 and 4): suspended, a pending downgrade, a plan change awaiting payment, not yet created. */
export function HostingBanners({ account: a }: { account: HostingAccountDetail }) {
  return (
    <div className="hosting-banners">
      {a.status === 'SUSPENDED' ? (
        <div className="alert alert-error" role="alert">
          <span>
            This account is suspended
            {a.date_to_be_terminated ? (
              <>
                {' '}
                and will be terminated on <DateTime value={a.date_to_be_terminated} dateOnly />
              </>
            ) : null}
            . Pay the overdue invoice to keep it and its data.
          </span>
        </div>
      ) : null}
      {a.upgrade_pending ? <DowngradeBanner account={a} /> : null}
      {a.plan_change_invoice_id !== null ? (
        <div className="alert alert-warning" role="status">
          <span>
            A plan change waits for the payment of <a href={`/billing/invoices/${a.plan_change_invoice_id}`}>invoice #{a.plan_change_invoice_id}</a>: the new plan applies once it
            is paid, and no other change can be made meanwhile.
          </span>
        </div>
      ) : null}
      {!a.is_created ? (
        <div className="alert alert-info" role="status">
          {NOT_CREATED_TEXT}
        </div>
      ) : null}
    </div>
  );
}

/** A downgrade scheduled for the renewal date, with Cancel Downgrade ('Downgrade request successfully canceled!'). */
function DowngradeBanner({ account: a }: { account: HostingAccountDetail }) {
  const [busy, setBusy] = useState(false);
  async function cancel() {
    setBusy(true);
    try {
      toastSuccess((await cancelDowngrade(api, a.guid)).message);
      await loadHostingAccount(a.guid);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="alert alert-warning" role="status">
      <span>
        A downgrade{a.pending_plan ? ` to the ${a.pending_plan.name} plan` : ''} is scheduled
        {a.order_renewal ? (
          <>
            {' '}
            for <DateTime value={a.order_renewal} dateOnly />
          </>
        ) : (
          ' for the renewal date'
        )}
        .
      </span>
      <Can scope="can_edit_hosting_accounts">
        <button type="button" className="button button-small" onClick={() => void cancel()} disabled={busy}>
          Cancel Downgrade
        </button>
      </Can>
    </div>
  );
}

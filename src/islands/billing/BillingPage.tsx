import { useStore } from '@nanostores/react';
import { Tabs } from '../../components/Tabs';
import { BILLING_TABS, billingTabPath, isBillingTab, type BillingTab } from '../../lib/rules/billing-tabs';
import { NO_ACCESS_MESSAGE } from '../../lib/rules/routes';
import { $permissions, can } from '../../stores/permissions';
import { navigate } from '../../stores/router';
import { CancellationRequestsTab } from './CancellationRequestsTab';
import { CreditNotesTab } from './CreditNotesTab';
import { InvoicesTab } from './InvoicesTab';
import { OrdersTab } from './OrdersTab';
import { PaymentMethodsTab } from './PaymentMethodsTab';
import { TransactionsTab } from './TransactionsTab';
import '../../styles/billing.css';

/**
 * The Billing page (spec part 3, 2.4): the tabs the viewer may see, each at its own address; a
 * tab without its view scope shows the no-access alert.
 */
export function BillingPage({ tab }: { tab: BillingTab }) {
  const permissions = useStore($permissions);
  const tabs = BILLING_TABS.filter((t) => can(t.scopes, permissions));
  if (!tabs.length) {
    return (
      <div className="alert alert-error" role="alert">
        {NO_ACCESS_MESSAGE}
      </div>
    );
  }
  return (
    <Tabs tabs={tabs} value={tab} label="Billing" onValueChange={(v) => isBillingTab(v) && v !== tab && navigate(billingTabPath(v))}>
      {tabs.some((t) => t.value === tab) ? (
        <BillingTabBody tab={tab} />
      ) : (
        <div className="alert alert-error" role="alert">
          {NO_ACCESS_MESSAGE}
        </div>
      )}
    </Tabs>
  );
}

function BillingTabBody({ tab }: { tab: BillingTab }) {
  switch (tab) {
    case 'orders':
      return <OrdersTab />;
    case 'invoices':
      return <InvoicesTab />;
    case 'payment-methods':
      return <PaymentMethodsTab />;
    case 'credit-notes':
      return <CreditNotesTab />;
    case 'cancellation-requests':
      return <CancellationRequestsTab />;
    case 'transactions':
      return <TransactionsTab />;
  }
}

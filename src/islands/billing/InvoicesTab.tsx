import { useStore } from '@nanostores/react';
import { Checkbox } from '../../components/Checkbox';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../lib/schemas/billing';
import { invoiceFilterOf, invoicesList } from '../../stores/billing';
import { InvoiceTable } from './InvoiceTable';

const LABELS: Record<InvoiceStatus, string> = { UNPAID: 'Unpaid', PAID: 'Paid', PARTIALLY_PAID: 'Partially Paid', CANCELLED: 'Cancelled' };

/** The Invoices tab (spec part 3, 2.4): the status filter (default Unpaid, Paid, Partially Paid) over the table. */
export function InvoicesTab() {
  const { filters } = useStore(invoicesList.$list);
  const chosen = invoiceFilterOf(filters.status);
  const toggle = (status: InvoiceStatus, on: boolean) => {
    const next = INVOICE_STATUSES.filter((s) => (s === status ? on : chosen.includes(s)));
    invoicesList.setFilters({ status: next.join(',') });
  };
  return (
    <section aria-label="Invoices">
      <fieldset className="billing-filter">
        <legend>Status</legend>
        {INVOICE_STATUSES.map((s) => (
          <Checkbox key={s} label={LABELS[s]} checked={chosen.includes(s)} onCheckedChange={(on) => toggle(s, on)} />
        ))}
      </fieldset>
      <InvoiceTable caption="Invoices" list={invoicesList} empty={chosen.length ? 'No invoices with these statuses.' : 'No invoices yet.'} />
    </section>
  );
}

import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Dialog } from '../../../components/Dialog';
import { $chosenCount, $ipOrder, backToAvailability, backToFilters, closeIpOrder, openIpOrder, placeOrder, toAvailability, toSummary } from '../../../stores/ip-order';
import { AvailabilityPage } from './AvailabilityPage';
import { FiltersPage } from './FiltersPage';
import { SummaryPage } from './SummaryPage';
import '../../../styles/ip-order.css';

export interface OrderWizardProps {
  /** The IP group the addresses go to once the invoice is paid. */
  group: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const TITLES = { 1: 'Order IP Addresses: Filters', 2: 'Order IP Addresses: Locations', 3: 'Order IP Addresses: Summary' } as const;

/**
 * The IP order wizard (spec part 3, 2.3): a modal of three pages, filters, availability by
 * country and city, and the summary with Place Order, which goes to the invoice. The IP group
 * page mounts it with its group.
 */
export function OrderWizard({ group, open, onOpenChange }: OrderWizardProps) {
  const state = useStore($ipOrder);
  const chosen = useStore($chosenCount);

  useEffect(() => {
    if (open) void openIpOrder(group);
    else closeIpOrder();
  }, [open, group]);

  // A page's buttons are disabled while it loads, and a focused button that is disabled drops the
  // focus to the page: it goes to the new page's first control instead, for keyboard users.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a page finishes loading; it reads the DOM, not the state's other fields.
  useEffect(() => {
    if (!open || state.loading) return;
    const steps = document.querySelector('.ip-order-steps');
    const active = document.activeElement;
    if (steps && (!active || active === document.body)) {
      steps.closest('[role="dialog"]')?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), button:not([disabled])')?.focus();
    }
  }, [open, state.page, state.loading]);

  // Place Order closes the wizard on its way to the invoice.
  const place = async () => {
    if (await placeOrder()) onOpenChange(false);
  };

  const busy = state.loading || state.busy;
  const footer =
    state.page === 1 ? (
      <>
        <button type="button" className="button" onClick={() => onOpenChange(false)}>
          Cancel
        </button>
        <button type="button" className="button button-primary" onClick={() => void toAvailability()} disabled={busy}>
          Next
        </button>
      </>
    ) : state.page === 2 ? (
      <>
        <button type="button" className="button" onClick={backToFilters} disabled={busy}>
          Back
        </button>
        <button type="button" className="button button-primary" onClick={() => void toSummary()} disabled={busy || chosen === 0}>
          Next
        </button>
      </>
    ) : (
      <>
        <button type="button" className="button" onClick={backToAvailability} disabled={busy}>
          Back
        </button>
        <button type="button" className="button button-primary" id="ip-order-place" onClick={() => void place()} disabled={busy}>
          {state.busy ? 'Placing order...' : 'Place Order'}
        </button>
      </>
    );

  return (
    <Dialog title={TITLES[state.page]} open={open} onOpenChange={onOpenChange} footer={footer} size="md">
      <ol className="ip-order-steps" aria-label="Steps">
        {(['Filters', 'Locations', 'Summary'] as const).map((name, i) => (
          <li key={name} aria-current={state.page === i + 1 ? 'step' : undefined}>
            {name}
          </li>
        ))}
      </ol>
      {state.page === 1 ? <FiltersPage /> : state.page === 2 ? <AvailabilityPage /> : <SummaryPage />}
    </Dialog>
  );
}

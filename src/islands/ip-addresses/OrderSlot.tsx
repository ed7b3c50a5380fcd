import { lazy, Suspense, useState } from 'react';

// The order wizard (src/islands/ip-addresses/order/) loads when the button is first pressed.
const OrderWizard = lazy(() => import('./order/OrderWizard').then((m) => ({ default: m.OrderWizard })));

/** Add IP Addresses (spec part 3, 2.2 and 2.3): opens the order wizard for this group. */
export function OrderSlot({ group }: { group: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-primary"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        Add IP Addresses
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <OrderWizard group={group} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

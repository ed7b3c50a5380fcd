import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { Tour, useTour } from '@ark-ui/react/tour';
import { $tourDismissed, dismissTour } from '../../../stores/ip-order';

/** Spec part 3, 2.3 and 9: the tour pops up 500 ms after the summary opens. */
export const TOUR_DELAY_MS = 500;

/** Wide enough for the tips to stand beside the 560 px wizard rather than over it. */
const BESIDE_THE_WIZARD = '(min-width: 1200px)';

/**
 * The tour's two steps. Beside the wizard where the window has room; on a narrower one below
 * the totals (over the footer, whose buttons wait for the tour anyway) and then above Place Order.
 * Never above the totals: there the tip covered the summary and the coupon field the person
 * may still want to fill in.
 */
function tourSteps(beside: boolean): Tour.StepDetails[] {
  return [
    {
      id: 'totals',
      type: 'tooltip',
      title: 'Your totals',
      description: 'The invoice will say exactly this: the discount of the billing cycle or your coupon, and the total to pay for the whole cycle.',
      target: () => document.getElementById('ip-order-totals'),
      placement: beside ? 'right-end' : 'bottom',
      actions: [{ label: 'Next', action: 'next' }],
    },
    {
      id: 'place',
      type: 'tooltip',
      title: 'Place your order',
      description: 'Place Order creates the order and its invoice and takes you to the invoice. The addresses join your group once it is paid.',
      target: () => document.getElementById('ip-order-place'),
      placement: beside ? 'right' : 'top-end',
      actions: [
        { label: 'Back', action: 'prev' },
        { label: 'Got it', action: 'dismiss' },
      ],
    },
  ];
}

/**
 * A short guided tour of the summary (Ark UI's Tour): keyboard usable (arrows move, Escape
 * closes), dismissible at any step, and not shown again in this browser once closed or finished.
 */
export function SummaryTour() {
  const dismissed = useStore($tourDismissed) !== '';
  // Read once as the summary opens: the tour is short, and a turned phone keeps its placement.
  const steps = useMemo(() => tourSteps(typeof window !== 'undefined' && window.matchMedia(BESIDE_THE_WIZARD).matches), []);
  const tour = useTour({
    steps,
    // Inside the wizard's modal the dialog keeps focus in its own trap; a click or focus in the
    // wizard must not count as leaving the tour (it closed the tour the moment it opened).
    closeOnInteractOutside: false,
    onStatusChange: ({ status }) => {
      if (status === 'dismissed' || status === 'completed' || status === 'skipped') dismissTour();
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: started once per summary opening; `tour` is a new object on every render.
  useEffect(() => {
    if (dismissed) return;
    const timer = setTimeout(() => tour.start(), TOUR_DELAY_MS);
    return () => clearTimeout(timer);
    // Started once per summary opening: `tour` is a new object on every render.
  }, [dismissed]);

  // Escape closes the tour, not the wizard under it: the wizard's dialog listens on the document
  // (and was there first), so the key is marked as handled on the window, which hears it before.
  const tourOpen = tour.open;
  useEffect(() => {
    if (!tourOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [tourOpen]);

  return (
    <Tour.Root tour={tour}>
      <Tour.Spotlight className="ip-tour-spotlight" />
      <Tour.Positioner className="ip-tour-positioner">
        <Tour.Content className="ip-tour-content">
          <Tour.Arrow className="ip-tour-arrow">
            <Tour.ArrowTip />
          </Tour.Arrow>
          <Tour.Title className="ip-tour-title" />
          <Tour.Description className="ip-tour-description" />
          <div className="ip-tour-footer">
            <Tour.ProgressText className="ip-tour-progress" />
            <Tour.Actions>
              {(actions) =>
                actions.map((action) => (
                  <Tour.ActionTrigger key={action.label} action={action} aria-label={action.label} className={action.action === 'prev' ? 'button' : 'button button-primary'}>
                    {action.label}
                  </Tour.ActionTrigger>
                ))
              }
            </Tour.Actions>
          </div>
          <Tour.CloseTrigger className="icon-button ip-tour-close" aria-label="Close the tour">
            ×
          </Tour.CloseTrigger>
        </Tour.Content>
      </Tour.Positioner>
    </Tour.Root>
  );
}

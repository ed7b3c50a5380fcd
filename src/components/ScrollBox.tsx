import type { ReactNode, Ref } from 'react';

/**
 * A box that scrolls by itself (a wide table on a phone, a long list in a dialog or a popover).
 * It takes the keyboard focus, so a keyboard can scroll it (WCAG 2.1.1; axe's
 * scrollable-region-focusable), and `label` names it when it is focused ('Payment methods table').
 */
export function ScrollBox({ label, className, ref, children }: { label: string; className: string; ref?: Ref<HTMLDivElement>; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this groups what scrolls together (a table), which role="group" names.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take the focus, or a keyboard cannot scroll it.
    <div ref={ref} className={className} tabIndex={0} role="group" aria-label={label}>
      {children}
    </div>
  );
}

import { cloneElement, isValidElement, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';

interface OverlayState {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** True once the overlay has opened: from then on its frame stays rendered (and loaded). */
  used: boolean;
  /** The trigger element, wired to open the overlay. */
  trigger: ReactNode;
}

/**
 * Open state for Dialog and Drawer, controlled by the caller (`open`, `onOpenChange`) or kept
 * here for a trigger. The trigger is the caller's own element with `aria-haspopup` and
 * `aria-expanded` added, so it needs none of the dialog's code to be there.
 */
export function useOverlayState(props: { open?: boolean | undefined; onOpenChange?: ((open: boolean) => void) | undefined; trigger?: ReactNode }): OverlayState {
  const [own, setOwn] = useState(false);
  const [used, setUsed] = useState(false);
  const open = props.open ?? own;
  if (open && !used) setUsed(true);
  const setOpen = (next: boolean) => {
    if (props.open === undefined) setOwn(next);
    props.onOpenChange?.(next);
  };
  const element = props.trigger;
  const trigger = isValidElement(element)
    ? cloneElement(element as ReactElement<{ onClick?: (event: MouseEvent) => void; 'aria-haspopup'?: string; 'aria-expanded'?: boolean }>, {
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        onClick: (event: MouseEvent) => {
          (element.props as { onClick?: (event: MouseEvent) => void }).onClick?.(event);
          if (!event.defaultPrevented) setOpen(true);
        },
      })
    : (element ?? null);
  return { open, setOpen, used: used || open, trigger };
}

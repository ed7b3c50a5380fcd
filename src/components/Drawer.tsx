import type { ReactNode } from 'react';
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { OverlayHeader } from './Dialog';
import '../styles/overlays.css';

export interface DrawerProps {
  title: ReactNode;
  children: ReactNode;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  side?: 'right' | 'left';
  /** Where focus goes on open, e.g. the drawer's one input. */
  initialFocus?: () => HTMLElement | null;
}

/** A modal panel sliding in from the side: an Ark dialog with the drawer's look. */
export function Drawer({ title, children, trigger, open, onOpenChange, side = 'right', initialFocus }: DrawerProps) {
  return (
    <ArkDialog.Root
      lazyMount
      unmountOnExit
      {...(open === undefined ? {} : { open })}
      {...(initialFocus ? { initialFocusEl: initialFocus } : {})}
      onOpenChange={(details) => onOpenChange?.(details.open)}
    >
      {trigger ? <ArkDialog.Trigger asChild>{trigger}</ArkDialog.Trigger> : null}
      <Portal>
        <ArkDialog.Backdrop className="overlay-backdrop" />
        <ArkDialog.Positioner className={`drawer-positioner drawer-${side}`}>
          <ArkDialog.Content className="drawer">
            <OverlayHeader title={title} />
            <div className="drawer-body">{children}</div>
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}

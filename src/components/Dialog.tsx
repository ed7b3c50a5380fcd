import type { ReactNode } from 'react';
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { Icon } from './Icon';

export interface DialogProps {
  title: ReactNode;
  children: ReactNode;
  /** An element to open the dialog with; it is rendered as the trigger itself. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Buttons under the body. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/** A centred modal dialog: focus trapped, Escape closes, title announced. */
export function Dialog({ title, children, trigger, open, onOpenChange, footer, size = 'md' }: DialogProps) {
  return (
    <ArkDialog.Root
      lazyMount
      unmountOnExit
      {...(open === undefined ? {} : { open })}
      onOpenChange={(details) => onOpenChange?.(details.open)}
    >
      {trigger ? <ArkDialog.Trigger asChild>{trigger}</ArkDialog.Trigger> : null}
      <Portal>
        <ArkDialog.Backdrop className="overlay-backdrop" />
        <ArkDialog.Positioner className="dialog-positioner">
          <ArkDialog.Content className={`dialog dialog-${size}`}>
            <header className="dialog-header">
              <ArkDialog.Title className="dialog-title">{title}</ArkDialog.Title>
              <ArkDialog.CloseTrigger className="icon-button" aria-label="Close">
                <Icon name="close" />
              </ArkDialog.CloseTrigger>
            </header>
            <div className="dialog-body">{children}</div>
            {footer ? <footer className="dialog-footer">{footer}</footer> : null}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}

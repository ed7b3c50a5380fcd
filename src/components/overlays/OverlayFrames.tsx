import { useRef, type ReactNode } from 'react';
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { Icon } from '../Icon';
import '../../styles/overlays.css';

/**
 * The Ark dialog behind Dialog and Drawer (./Dialog.tsx, ./Drawer.tsx), loaded when an
 * overlay first opens: focus trap, scroll lock, dismissal and their layers are not part of a
 * page's first load. Always controlled; the trigger lives outside (focus returns to it).
 */
export interface FrameProps {
  title: ReactNode;
  children: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const FIELD = 'input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/**
 * The dialog's first field takes the focus, not the close button before it. A list's own controls
 * (the page-size select under a history, a row's checkbox) are not where a person starts, and they
 * may or may not have loaded when the dialog opens, which must not decide where the focus lands.
 */
function firstField(body: HTMLElement | null): HTMLElement | null {
  return [...(body?.querySelectorAll<HTMLElement>(FIELD) ?? [])].find((field) => !field.closest('.pager, table')) ?? null;
}

export function DialogFrame({
  title,
  children,
  open,
  onOpenChange,
  footer,
  size,
  dismissible = true,
}: FrameProps & { footer?: ReactNode; size: 'sm' | 'md' | 'lg' | 'xl'; dismissible?: boolean }) {
  const body = useRef<HTMLDivElement>(null);
  return (
    <ArkDialog.Root
      lazyMount
      unmountOnExit
      initialFocusEl={() => firstField(body.current)}
      open={open}
      // A dialog that must be read first (a secret shown once) closes only by its own buttons.
      closeOnInteractOutside={dismissible}
      closeOnEscape={dismissible}
      onOpenChange={(details) => onOpenChange(details.open)}
    >
      <Portal>
        <ArkDialog.Backdrop className="overlay-backdrop" />
        <ArkDialog.Positioner className="dialog-positioner">
          <ArkDialog.Content className={`dialog dialog-${size}`}>
            <OverlayHeader title={title} />
            <div className="dialog-body" ref={body}>
              {children}
            </div>
            {footer ? <footer className="dialog-footer">{footer}</footer> : null}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}

export function DrawerFrame({
  title,
  children,
  open,
  onOpenChange,
  side,
  initialFocus,
  width,
}: FrameProps & { side: 'right' | 'left'; initialFocus?: (() => HTMLElement | null) | undefined; width?: number | undefined }) {
  return (
    <ArkDialog.Root lazyMount unmountOnExit open={open} {...(initialFocus ? { initialFocusEl: initialFocus } : {})} onOpenChange={(details) => onOpenChange(details.open)}>
      <Portal>
        <ArkDialog.Backdrop className="overlay-backdrop" />
        <ArkDialog.Positioner className={`drawer-positioner drawer-${side}`}>
          <ArkDialog.Content className="drawer" style={width ? { width: `min(${width}px, 100vw)` } : undefined}>
            <OverlayHeader title={title} />
            <div className="drawer-body">{children}</div>
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}

/** Title and close button of a dialog or drawer; the title names the overlay for screen readers. */
function OverlayHeader({ title }: { title: ReactNode }) {
  return (
    <header className="dialog-header">
      <ArkDialog.Title className="dialog-title">{title}</ArkDialog.Title>
      <ArkDialog.CloseTrigger className="icon-button" aria-label="Close">
        <Icon name="close" />
      </ArkDialog.CloseTrigger>
    </header>
  );
}

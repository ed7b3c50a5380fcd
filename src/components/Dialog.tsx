import { useRef, type ReactNode } from 'react';
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { Icon } from './Icon';
import '../styles/overlays.css';

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

const FIRST_FIELD = 'input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/** A centred modal dialog: focus trapped (on its first field, if it has one), Escape closes, title announced. */
export function Dialog({ title, children, trigger, open, onOpenChange, footer, size = 'md' }: DialogProps) {
  const body = useRef<HTMLDivElement>(null);
  return (
    <ArkDialog.Root
      lazyMount
      unmountOnExit
      // A form's first field takes focus, not the close button before it.
      initialFocusEl={() => body.current?.querySelector<HTMLElement>(FIRST_FIELD) ?? null}
      {...(open === undefined ? {} : { open })}
      onOpenChange={(details) => onOpenChange?.(details.open)}
    >
      {trigger ? <ArkDialog.Trigger asChild>{trigger}</ArkDialog.Trigger> : null}
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

/** Title and close button of a dialog or drawer; the title names the overlay for screen readers. */
export function OverlayHeader({ title }: { title: ReactNode }) {
  return (
    <header className="dialog-header">
      <ArkDialog.Title className="dialog-title">{title}</ArkDialog.Title>
      <ArkDialog.CloseTrigger className="icon-button" aria-label="Close">
        <Icon name="close" />
      </ArkDialog.CloseTrigger>
    </header>
  );
}

export interface FormFooterProps {
  /** The id of the form the primary button submits. */
  form: string;
  submitLabel: ReactNode;
  busy: boolean;
  onCancel: () => void;
  cancelLabel?: ReactNode;
}

/** The footer of a dialog holding a form: Cancel, then the button that submits it. */
export function FormFooter({ form, submitLabel, busy, onCancel, cancelLabel = 'Cancel' }: FormFooterProps) {
  return (
    <>
      <button type="button" className="button" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </button>
      <button type="submit" form={form} className="button button-primary" disabled={busy}>
        {submitLabel}
      </button>
    </>
  );
}

import { lazy, Suspense, type ReactNode } from 'react';
import { useOverlayState } from './overlays/overlay-state';

const DialogFrame = lazy(() => import('./overlays/OverlayFrames').then((m) => ({ default: m.DialogFrame })));

/**
 * How a trigger given as text looks: the panel's `.button`, plain unless told. Most dialogs open
 * from such a button; an element given as the trigger is rendered as it is and ignores these.
 */
export interface TriggerButtonProps {
  /** primary: the screen's main action; danger: one that deletes or cancels. */
  triggerVariant?: 'primary' | 'danger';
  /** small: a button in a table row or beside a card's value. */
  triggerSize?: 'small';
  /** The button's accessible name where its text alone is ambiguous (each row's Edit). */
  triggerAriaLabel?: string;
  triggerDisabled?: boolean;
}

/**
 * The element that opens a dialog: text becomes `<button type="button" class="button …">` with
 * the variant, size, name and disabled state given; an element (an icon button, a link) is returned as it is.
 */
export function triggerButton(trigger: ReactNode, { triggerVariant, triggerSize, triggerAriaLabel, triggerDisabled }: TriggerButtonProps): ReactNode {
  if (typeof trigger !== 'string') return trigger;
  const className = ['button', triggerSize && `button-${triggerSize}`, triggerVariant && `button-${triggerVariant}`].filter(Boolean).join(' ');
  return (
    <button type="button" className={className} disabled={triggerDisabled} aria-label={triggerAriaLabel}>
      {trigger}
    </button>
  );
}

export interface DialogProps extends TriggerButtonProps {
  title: ReactNode;
  children: ReactNode;
  /**
   * What opens the dialog: text for a `.button` (see TriggerButtonProps), or an element, which
   * is rendered as the trigger itself.
   */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Buttons under the body. */
  footer?: ReactNode;
  /** xl: the 1,100 px permission editor (spec part 3, 2.9). */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** False: a click outside and Escape do not close it (spec part 3, 4: the API key's secret). */
  dismissible?: boolean;
}

/**
 * A centred modal dialog: focus trapped (on its first field, if it has one), Escape closes,
 * title announced. Its code (./OverlayFrames.tsx) loads when it first opens.
 */
export function Dialog({ title, children, trigger, open, onOpenChange, footer, size = 'md', dismissible = true, ...triggerProps }: DialogProps) {
  const state = useOverlayState({ open, onOpenChange, trigger: triggerButton(trigger, triggerProps) });
  return (
    <>
      {state.trigger}
      {state.used ? (
        <Suspense fallback={null}>
          <DialogFrame title={title} open={state.open} onOpenChange={state.setOpen} footer={footer} size={size} dismissible={dismissible}>
            {children}
          </DialogFrame>
        </Suspense>
      ) : null}
    </>
  );
}

export interface FormFooterProps {
  /** Kept disabled while the form cannot be sent (a choice it needs is missing). */
  submitDisabled?: boolean;
  /** The id of the form the primary button submits. */
  form: string;
  submitLabel: ReactNode;
  busy: boolean;
  onCancel: () => void;
  cancelLabel?: ReactNode;
}

/** The footer of a dialog holding a form: Cancel, then the button that submits it. */
export function FormFooter({ form, submitLabel, busy, onCancel, cancelLabel = 'Cancel', submitDisabled = false }: FormFooterProps) {
  return (
    <>
      <button type="button" className="button" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </button>
      <button type="submit" form={form} className="button button-primary" disabled={busy || submitDisabled}>
        {submitLabel}
      </button>
    </>
  );
}

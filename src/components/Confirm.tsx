import { useState, type ReactNode } from 'react';
import { Dialog, type TriggerButtonProps } from './Dialog';

export interface ConfirmProps extends TriggerButtonProps {
  /** The question, as the spec words it. */
  message: string;
  title?: string;
  /** What asks: text for a `.button` (see TriggerButtonProps) or an element; clicking it opens the confirmation. */
  trigger: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Runs on confirm; the dialog closes when it settles. */
  onConfirm: () => void | Promise<void>;
}

/** Asks before a step that cannot be undone; the action runs only after 'Yes'. */
export function Confirm({ message, title = 'Please confirm', trigger, confirmLabel = 'Yes', cancelLabel = 'No', onConfirm, ...triggerProps }: ConfirmProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }

  return (
    <Dialog
      title={title}
      size="sm"
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      {...triggerProps}
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className="button button-primary" onClick={() => void confirm()} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}

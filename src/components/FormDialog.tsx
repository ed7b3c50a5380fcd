import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog, FormFooter } from './Dialog';

export interface FormDialogProps {
  title: ReactNode;
  /** The fields; they are rendered inside the dialog's form. */
  children: ReactNode;
  /** An element that opens the dialog, rendered as the trigger itself. */
  trigger?: ReactNode;
  /** Controlled open state; without it the dialog keeps its own. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  submitLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** While the submission runs both footer buttons are disabled. */
  busy: boolean;
  /** Called with the form's submit event (Enter in a field or the footer's submit button). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Layout class of the form (form-grid lays fields out in two columns on wide screens). */
  formClassName?: string;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * A dialog holding one form: the fields in the body, Cancel and the submit button in the
 * footer (FormFooter, tied to the form by its id), the first field focused on open.
 * Validation and the request are the caller's (the form helper), through `onSubmit`.
 */
export function FormDialog({ title, children, trigger, open, onOpenChange, submitLabel, cancelLabel, busy, onSubmit, formClassName = 'form-grid', size }: FormDialogProps) {
  const formId = useId();
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <Dialog
      title={title}
      trigger={trigger}
      open={isOpen}
      onOpenChange={setOpen}
      {...(size ? { size } : {})}
      footer={<FormFooter form={formId} submitLabel={submitLabel} busy={busy} onCancel={() => setOpen(false)} {...(cancelLabel ? { cancelLabel } : {})} />}
    >
      <form id={formId} className={formClassName} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Dialog>
  );
}

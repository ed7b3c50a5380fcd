import { useId, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Dialog, FormFooter, type TriggerButtonProps } from './Dialog';

export interface FormDialogProps extends TriggerButtonProps {
  title: ReactNode;
  /** The fields; they are rendered inside the dialog's form. */
  children: ReactNode;
  /**
   * What opens the dialog: text for a `.button` (`trigger="Rename"`, with `triggerVariant`,
   * `triggerSize`… for the others), or an element, rendered as the trigger itself.
   */
  trigger?: ReactNode;
  /** Controlled open state; without it the dialog keeps its own. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  submitLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** While the submission runs both footer buttons are disabled. */
  busy: boolean;
  /** Keeps the submit button disabled (e.g. nothing to choose yet). */
  submitDisabled?: boolean;
  /** Called with the form's submit event (Enter in a field or the footer's submit button). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form element, for the form helper to read its fields at submit (useForm's `form.ref`). */
  formRef?: Ref<HTMLFormElement>;
  /**
   * Other footer buttons than Cancel and submit (a wizard's Back and Next, Apply beside
   * Apply & Close), given the form's id so a submit button can name it.
   */
  footer?: (formId: string) => ReactNode;
  /** Layout class of the form (form-grid lays fields out in two columns on wide screens). */
  formClassName?: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** False: a click outside and Escape do not close it (see Dialog). */
  dismissible?: boolean;
}

/**
 * A dialog holding one form: the fields in the body, Cancel and the submit button in the
 * footer (FormFooter, tied to the form by its id), the first field focused on open.
 * Validation and the request are the caller's (the form helper), through `onSubmit`.
 */
export function FormDialog({
  title,
  children,
  trigger,
  open,
  onOpenChange,
  submitLabel,
  cancelLabel,
  busy,
  submitDisabled = false,
  onSubmit,
  formRef,
  footer,
  formClassName = 'form-grid',
  size,
  dismissible = true,
  ...triggerProps
}: FormDialogProps) {
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
      {...triggerProps}
      open={isOpen}
      onOpenChange={setOpen}
      {...(size ? { size } : {})}
      dismissible={dismissible}
      footer={
        footer ? (
          footer(formId)
        ) : (
          <FormFooter
            form={formId}
            submitLabel={submitLabel}
            busy={busy}
            submitDisabled={submitDisabled}
            onCancel={() => setOpen(false)}
            {...(cancelLabel ? { cancelLabel } : {})}
          />
        )
      }
    >
      <form id={formId} ref={formRef} className={formClassName || undefined} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Dialog>
  );
}

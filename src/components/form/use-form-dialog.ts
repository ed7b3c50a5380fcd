import { useState } from 'react';
import type { FormController } from '../../stores/form';
import type { FormDialogProps } from '../FormDialog';
import { useForm, type FormBinding, type UseFormOptions } from './use-form';

export interface UseFormDialogOptions<V, A> extends UseFormOptions<V, A> {
  /** Runs each time the dialog opens, after the form is back to its first values: load its choices. */
  onOpen?: () => void;
  /**
   * Whether a successful submission closes the dialog (the default). A dialog that shows the
   * answer in place (an export's results) passes false and shows it from `onDone`.
   */
  closeOnDone?: boolean;
}

/** FormDialog's props that come from the form and the dialog's open state. */
export type FormDialogBinding = Required<Pick<FormDialogProps, 'open' | 'onOpenChange' | 'busy' | 'onSubmit' | 'formRef'>>;

export interface UseFormDialog<V, A> {
  form: FormBinding<V, A>;
  /** Spread on FormDialog (or take `open`/`onOpenChange` for a plain Dialog). */
  dialog: FormDialogBinding;
  /** Closes (or opens) the dialog from a button of its own footer. */
  setOpen: (open: boolean) => void;
}

/**
 * A dialog holding one form (docs/decisions.md "Panel"): each opening starts from the form's
 * first values with no sentences left from the last attempt, then `onOpen` loads what the
 * fields offer; a successful submission closes it (its toast is the form's).
 */
export function useFormDialog<V, A>(controller: FormController<V, A>, { onOpen, closeOnDone = true, onDone, ...options }: UseFormDialogOptions<V, A>): UseFormDialog<V, A> {
  const [open, setOpen] = useState(false);
  const form = useForm(controller, {
    ...options,
    onDone(answer) {
      if (closeOnDone) setOpen(false);
      onDone?.(answer);
    },
  });
  return {
    form,
    setOpen,
    dialog: {
      open,
      onOpenChange(next) {
        setOpen(next);
        if (!next) return;
        form.reset();
        onOpen?.();
      },
      busy: form.busy,
      onSubmit: form.form.onSubmit,
      formRef: form.form.ref,
    },
  };
}

import { FormDialog } from '../FormDialog';
import { TextField } from '../TextField';
import { SelectField } from '../form/SelectField';
import { useFormDialog } from '../form/use-form-dialog';
import type { FormController } from '../../stores/form';

export interface EmailFilterDialogProps<K extends string, A> {
  /** The tab's filter form: its schema knows the keys and checks the value. */
  form: FormController<{ key: K; value: string }, A>;
  /** The keys 'Filter by' offers, in order, and their names. */
  keys: readonly K[];
  labels: Record<K, string>;
  /** What the value of a key expects, shown under the field. */
  hint?: (key: K) => string | undefined;
  /** Close and Apply beside Apply & Close, to add several filters at once (the account tab, spec part 1, 2.6). */
  applyWithoutClosing?: boolean;
}

/**
 * 'Add Filter': a key and a value; one filter per key (spec part 1, 2.6, 5 Email filter;
 * part 3, 2.9 "filters by key/value"). The account and company Emails tabs both open it.
 */
export function EmailFilterDialog<K extends string, A>({ form: controller, keys, labels, hint, applyWithoutClosing = false }: EmailFilterDialogProps<K, A>) {
  const [firstKey] = keys;
  // Applied: the value empties for the next filter, the key stays; Apply keeps the dialog open.
  const { form, dialog, setOpen } = useFormDialog(controller, { initial: { key: firstKey as K, value: '' }, closeOnDone: false, onDone: () => form.set('value', '') });

  return (
    <FormDialog
      title="Add Filter"
      size="sm"
      {...dialog}
      trigger="Add Filter"
      submitLabel="Apply & Close"
      // Enter in the value, or Apply & Close.
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit().then((outcome) => outcome.ok && setOpen(false));
      }}
      formClassName=""
      {...(applyWithoutClosing
        ? {
            footer: (formId: string) => (
              <>
                <button type="button" className="button" onClick={() => setOpen(false)}>
                  Close
                </button>
                <button type="button" className="button" onClick={() => void form.submit()}>
                  Apply
                </button>
                <button type="submit" form={formId} className="button button-primary">
                  Apply &amp; Close
                </button>
              </>
            ),
          }
        : {})}
    >
      <SelectField label="Filter by" value={form.values.key} onValueChange={(v) => form.set('key', v as K)} name="key">
        {keys.map((k) => (
          <option key={k} value={k}>
            {labels[k]}
          </option>
        ))}
      </SelectField>
      <TextField label="Value" hint={hint?.(form.values.key)} {...form.text('value')} />
    </FormDialog>
  );
}

import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { SelectField } from '../../components/form/SelectField';
import { useForm } from '../../components/form/use-form';
import type { EmailFilterKey } from '../../lib/schemas/account';
import { emailFilterForm } from '../../stores/account-lists';

const EMPTY: { key: EmailFilterKey; value: string } = { key: 'subject', value: '' };

/** 'Add Filter': Subject or Content and a value; one filter per key (spec part 1, 2.6, 5). */
export function EmailFilterDialog() {
  const [open, setOpen] = useState(false);
  // Applied: the value empties for the next filter, the key stays.
  const form = useForm(emailFilterForm, { initial: EMPTY, onDone: () => form.set('value', '') });

  return (
    <FormDialog
      title="Add Filter"
      size="sm"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset();
      }}
      trigger={
        <button type="button" className="button">
          Add Filter
        </button>
      }
      submitLabel="Apply & Close"
      busy={form.busy}
      // Enter in the value, or Apply & Close.
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit().then((outcome) => outcome.ok && setOpen(false));
      }}
      formRef={form.form.ref}
      formClassName=""
      footer={(formId) => (
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
      )}
    >
      <SelectField label="Filter by" value={form.values.key} onValueChange={(v) => form.set('key', v as EmailFilterKey)} name="key">
        <option value="subject">Subject</option>
        <option value="content">Content</option>
      </SelectField>
      <TextField label="Value" {...form.text('value')} />
    </FormDialog>
  );
}

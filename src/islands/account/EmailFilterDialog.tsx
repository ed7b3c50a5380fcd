import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { emailFilterSchema, type EmailFilterKey } from '../../lib/schemas/account';
import { addEmailFilter } from '../../stores/account-lists';

/** 'Add Filter': Subject or Content and a value; one filter per key (spec part 1, 2.6, 5). */
export function EmailFilterDialog() {
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState<EmailFilterKey>('subject');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  function apply(close: boolean) {
    const parsed = emailFilterSchema.safeParse({ key, value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    addEmailFilter(parsed.data.key, parsed.data.value);
    setValue('');
    setError(undefined);
    if (close) setOpen(false);
  }

  return (
    <Dialog
      title="Add Filter"
      size="sm"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(undefined);
      }}
      trigger={
        <button type="button" className="button">
          Add Filter
        </button>
      }
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            Close
          </button>
          <button type="button" className="button" onClick={() => apply(false)}>
            Apply
          </button>
          <button type="button" className="button button-primary" onClick={() => apply(true)}>
            Apply &amp; Close
          </button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply(true);
        }}
        noValidate
      >
        <div className="field">
          <label className="field-label" htmlFor="email-filter-key">
            Filter by
          </label>
          <select id="email-filter-key" className="input" value={key} onChange={(e) => setKey(e.target.value as EmailFilterKey)}>
            <option value="subject">Subject</option>
            <option value="content">Content</option>
          </select>
        </div>
        <TextField label="Value" value={value} onValueChange={setValue} error={error} />
      </form>
    </Dialog>
  );
}

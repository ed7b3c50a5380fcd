import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Field } from '@ark-ui/react/field';
import { useForm } from '../../../components/form/use-form';
import { NOTES_MAX } from '../../../lib/schemas/domain-notes';
import { $notes, loadNotes, notesForm } from '../../../stores/domain-notes';
import { can } from '../../../stores/permissions';

function NotesForm({ initial }: { initial: string }) {
  const form = useForm(notesForm, { initial: { notes: initial } });
  const editable = can('can_edit_domains');
  const length = form.values.notes.length;
  return (
    <form {...form.form} className="notes-form">
      <Field.Root invalid={Boolean(form.errors.notes)} className="field" readOnly={!editable}>
        <Field.Label className="field-label">Notes</Field.Label>
        <Field.Textarea className="input" rows={10} name="notes" value={form.values.notes} onChange={(e) => form.set('notes', e.target.value)} />
        <Field.HelperText className="field-hint" aria-live="polite">
          {length} of {NOTES_MAX} characters
        </Field.HelperText>
        <Field.ErrorText className="field-error">{form.errors.notes}</Field.ErrorText>
      </Field.Root>
      {editable ? (
        <button type="submit" className="button button-primary" disabled={form.busy} aria-busy={form.busy}>
          Save
        </button>
      ) : null}
    </form>
  );
}

/** The drawer's Notes tab (spec part 2, 2.7, 5 and 9): a text of at most 1,000 characters, trimmed on save. */
export function NotesTab({ domain }: { domain: string }) {
  const state = useStore($notes);
  useEffect(() => {
    void loadNotes(domain);
  }, [domain]);
  if (state.domain !== domain || state.notes === null) {
    return (
      <p className="page-loading" role="status">
        Loading...
      </p>
    );
  }
  return <NotesForm key={domain} initial={state.notes} />;
}

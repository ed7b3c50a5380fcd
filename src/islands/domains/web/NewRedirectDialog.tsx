import { Field } from '@ark-ui/react/field';
import { FormDialog } from '../../../components/FormDialog';
import { TextField } from '../../../components/TextField';
import { SelectField } from '../../../components/form/SelectField';
import { useFormDialog } from '../../../components/form/use-form-dialog';
import { DEFAULT_REDIRECT_CODE, REDIRECT_CODES } from '../../../lib/schemas/redirects';
import { newRedirectForm, type NewRedirectValues } from '../../../stores/domain-web';

const EMPTY: NewRedirectValues = { urls: '', destination: '', response_code: String(DEFAULT_REDIRECT_CODE) };

/** The first sentence about the URL list or one of its rows. */
const urlsError = (errors: Record<string, string>) => errors.urls ?? Object.entries(errors).find(([k]) => k.startsWith('urls.'))?.[1];

/** New URL Redirect (spec part 2, 5 "URL redirect"): URLs one per row, the destination, the response code (301 by default). */
export function NewRedirectDialog() {
  const { form, dialog } = useFormDialog(newRedirectForm, { initial: EMPTY });
  const urlsProblem = urlsError(form.errors);
  return (
    <FormDialog title="New URL Redirect" {...dialog} trigger="New URL Redirect" triggerVariant="primary" submitLabel="Create" formClassName="">
      <Field.Root invalid={Boolean(urlsProblem)} className="field">
        <Field.Label className="field-label">URLs</Field.Label>
        <Field.Textarea className="input" name="urls" rows={4} value={form.values.urls} placeholder="/old-page" onChange={(e) => form.set('urls', e.target.value)} />
        <Field.HelperText className="field-hint">One per row, relative to the domain; end one with * to match everything below it.</Field.HelperText>
        <Field.ErrorText className="field-error">{urlsProblem}</Field.ErrorText>
      </Field.Root>
      <TextField label="Destination" placeholder="https://example.com/new-page" autoComplete="off" {...form.text('destination')} />
      <SelectField label="Response code" value={form.values.response_code} onValueChange={(v) => form.set('response_code', v)} error={form.errors.response_code}>
        {REDIRECT_CODES.map((code) => (
          <option key={code} value={String(code)}>
            {code}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}

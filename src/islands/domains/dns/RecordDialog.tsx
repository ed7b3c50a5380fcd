import { Field } from '@ark-ui/react/field';
import { FormDialog } from '../../../components/FormDialog';
import { TextField } from '../../../components/TextField';
import { SelectField } from '../../../components/form/SelectField';
import { useFormDialog } from '../../../components/form/use-form-dialog';
import { RECORD_TYPES, TTL_DEFAULT, TTL_INPUT, type ZoneType } from '../../../lib/schemas/dns';
import { addRecordForm, editRecordForm } from '../../../stores/dns-zone';

export interface RecordDialogProps {
  /** Absent: a new record set; present: the set to change, found by its type and name. */
  editing?: { type: ZoneType; name: string; values: string[]; ttl: number };
  defaultType?: ZoneType;
  /** The text of its small trigger button ('Add A', 'Edit'). */
  trigger: string;
  /** The trigger's accessible name where its text is the same in every row. */
  triggerAriaLabel?: string;
}

/**
 * Add or edit a DNS record set (spec part 2, 5 "DNS record"): the name (fixed for NS and SOA;
 * blank is the domain itself), the values one a row, the TTL with its 1h / 12h / 1d shortcuts;
 * SOA cannot be a new type and has no TTL field (its seven parts are its value).
 */
export function RecordDialog({ editing, defaultType = 'A', trigger, triggerAriaLabel }: RecordDialogProps) {
  const initial = {
    type: editing?.type ?? defaultType,
    name: editing?.name ?? '',
    old_name: editing?.name ?? '',
    value: editing?.values.join('\n') ?? '',
    ttl: editing?.ttl ?? TTL_DEFAULT,
  };
  // The add and edit controllers take the same fields (edit reads old_name too); their answers are alike.
  const { form, dialog } = useFormDialog<typeof initial, unknown>((editing ? editRecordForm : addRecordForm) as never, { initial });
  const type = form.values.type;
  const fixedName = type === 'NS' || type === 'SOA';

  return (
    <FormDialog
      title={editing ? `Edit ${editing.type} record` : 'Add DNS record'}
      {...dialog}
      trigger={trigger}
      triggerSize="small"
      triggerAriaLabel={triggerAriaLabel}
      submitLabel={editing ? 'Save' : 'Add'}
    >
      {editing ? null : (
        <SelectField label="Type" value={type} onValueChange={(v) => form.set('type', v as ZoneType)} error={form.errors.type}>
          {RECORD_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
      )}
      <TextField
        label="Name"
        hint={fixedName ? 'NS and SOA records belong to the domain itself.' : 'Blank is the domain itself.'}
        disabled={fixedName}
        autoComplete="off"
        {...form.text('name')}
      />
      <Field.Root invalid={Boolean(form.errors.value)} className="field">
        <Field.Label className="field-label">{type === 'SOA' ? 'Nameserver, email, serial, refresh, retry, expire, ttl' : 'Values, one a row'}</Field.Label>
        <Field.Textarea className="input mono" rows={4} name="value" value={form.values.value} onChange={(e) => form.set('value', e.target.value)} />
        <Field.ErrorText className="field-error">{form.errors.value}</Field.ErrorText>
      </Field.Root>
      {type === 'SOA' ? null : (
        <div className="ttl-field">
          <TextField
            label="TTL (seconds)"
            type="number"
            min={TTL_INPUT.min}
            max={TTL_INPUT.max}
            name="ttl"
            value={String(form.values.ttl)}
            // An emptied field stays empty (the schema says 'TTL must be a full number!'), not 0.
            onValueChange={(v) => form.set('ttl', (v === '' ? '' : Number(v)) as number)}
            error={form.errors.ttl}
          />
          {/* biome-ignore lint/a11y/useSemanticElements: a row of shortcut buttons beside the TTL field, not form fields a fieldset would group. */}
          <div className="ttl-shortcuts" role="group" aria-label="TTL shortcuts">
            {TTL_INPUT.shortcuts.map((s) => (
              <button key={s.label} type="button" className="button button-small" aria-pressed={form.values.ttl === s.seconds} onClick={() => form.set('ttl', s.seconds)}>
                {s.label}
              </button>
            ))}
          </div>
        </div>
      )}
    </FormDialog>
  );
}

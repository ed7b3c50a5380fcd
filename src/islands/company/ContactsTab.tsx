import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Checkbox } from '../../components/Checkbox';
import { Confirm } from '../../components/Confirm';
import { DateTime } from '../../components/DateTime';
import { FormDialog } from '../../components/FormDialog';
import { StatusBadge } from '../../components/StatusBadge';
import { TextField } from '../../components/TextField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import type { FormBinding } from '../../components/form/use-form';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../../components/table';
import type { Contact } from '../../lib/api/company-contacts';
import { CONTACT_SCOPES, EVENT_GROUPS, eventLabel, type ContactEvent } from '../../lib/schemas/company-contacts';
import {
  $contactBusy,
  contactsList,
  contactValues,
  createContactForm,
  editContactForm,
  NEW_CONTACT,
  removeContact,
  resendVerification,
  type ContactValues,
} from '../../stores/company-settings';
import { useCompanyCan } from './use-company-can';

const fullName = (c: Pick<Contact, 'first_name' | 'last_name'>) => `${c.first_name} ${c.last_name}`.trim();

/** The two event groups of spec part 3, 3; none ticked means every email, transactional ones included. */
function EventPicker({ value, onChange }: { value: ContactEvent[]; onChange: (next: ContactEvent[]) => void }) {
  const toggle = (event: ContactEvent, on: boolean) => onChange(on ? [...value, event] : value.filter((e) => e !== event));
  return (
    <div className="contact-events">
      <p className="field-hint">Choose the emails this contact receives. With none chosen the contact receives every email, transactional ones included.</p>
      {EVENT_GROUPS.map((group) => (
        <fieldset key={group.label} className="contact-event-group">
          <legend>{group.label}</legend>
          {group.events.map((event) => (
            <Checkbox key={event} label={eventLabel(event)} name={`event-${event}`} checked={value.includes(event)} onCheckedChange={(on) => toggle(event, on)} />
          ))}
        </fieldset>
      ))}
    </div>
  );
}

function ContactFields<V extends ContactValues>({ form, editing }: { form: FormBinding<V, unknown>; editing: boolean }) {
  return (
    <>
      <TextField label="First name" autoComplete="off" {...form.text('first_name' as never)} />
      <TextField label="Last name" autoComplete="off" {...form.text('last_name' as never)} />
      {editing ? (
        <TextField label="Email address" value={form.values.email_address} onValueChange={() => {}} readOnly hint="The address cannot be changed once the contact is created." />
      ) : (
        <TextField label="Email address" type="email" autoComplete="off" {...form.text('email_address' as never)} />
      )}
      <EventPicker value={form.values.events} onChange={(next) => form.set('events', next as V['events'])} />
    </>
  );
}

function CreateContactDialog() {
  const { form, dialog } = useFormDialog(createContactForm, { initial: NEW_CONTACT });
  return (
    <FormDialog title="Create Contact" {...dialog} trigger="Create Contact" triggerVariant="primary" submitLabel="Create">
      <ContactFields form={form as FormBinding<ContactValues, unknown>} editing={false} />
    </FormDialog>
  );
}

function EditContactDialog({ contact }: { contact: Contact }) {
  const { form, dialog } = useFormDialog(editContactForm, { initial: contactValues(contact) });
  return (
    <FormDialog title={`Edit ${fullName(contact)}`} {...dialog} trigger="Edit" triggerSize="small" triggerAriaLabel={`Edit ${fullName(contact)}`} submitLabel="Save">
      <ContactFields form={form as unknown as FormBinding<ContactValues, unknown>} editing />
    </FormDialog>
  );
}

/** Spec part 3, 4 and 6: edit and delete only for ACTIVE or VERIFICATION contacts, delete only when can_be_disabled; re-send while in VERIFICATION. */
function ContactActions({ contact }: { contact: Contact }) {
  const can = useCompanyCan();
  const busy = useStore($contactBusy) !== null;
  const name = fullName(contact);
  const live = contact.status === 'ACTIVE' || contact.status === 'VERIFICATION';
  return (
    <div className="row-actions">
      {contact.status === 'VERIFICATION' && can(CONTACT_SCOPES.edit) ? (
        <button
          type="button"
          className="button button-small"
          disabled={busy}
          onClick={() => void resendVerification(contact.guid)}
          aria-label={`Re-send verification email to ${name}`}
        >
          Re-send Verification
        </button>
      ) : null}
      {live && can(CONTACT_SCOPES.edit) ? <EditContactDialog contact={contact} /> : null}
      {live && contact.can_be_disabled && can(CONTACT_SCOPES.remove) ? (
        <Confirm
          title="Delete contact"
          message={`Are you sure you want to delete the contact ${name}? They will receive no more emails of this company.`}
          confirmLabel="Delete"
          onConfirm={() => removeContact(contact.guid)}
          trigger="Delete"
          triggerSize="small"
          triggerVariant="danger"
          triggerDisabled={busy}
          triggerAriaLabel={`Delete ${name}`}
        />
      ) : null}
    </div>
  );
}

const column = pagedColumnHelper<Contact>();
const columns = column.columns([
  column.display({ id: 'name', header: 'Name', enableHiding: false, meta: { className: 'cell-wrap' }, cell: ({ row }) => fullName(row.original) }),
  column.accessor('email_address', { header: 'Email address', meta: { className: 'cell-wrap' } }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.accessor('selected_events', {
    header: 'Events',
    meta: { className: 'cell-wrap' },
    cell: ({ getValue }) => (getValue().length ? getValue().map(eventLabel).join(', ') : 'All emails'),
  }),
  column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} dateOnly /> }),
  actionsColumn(column, 'actions', (contact) => <ContactActions contact={contact} />),
]);

const contactId = (c: Contact) => c.guid;

/** Company > Contacts (spec part 3, 2.9): who receives the company's emails, with create, edit, re-send verification and delete. */
export function ContactsTab({ company }: { company: string }) {
  const can = useCompanyCan();
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again when another company is shown; the list reads which one from its store.
  useEffect(() => {
    void contactsList.load(1);
  }, [company]);
  return (
    <section aria-label="Contacts">
      {can(CONTACT_SCOPES.add) ? (
        <div className="toolbar">
          <CreateContactDialog />
        </div>
      ) : null}
      <PagedTable caption="Contacts" columns={columns} list={contactsList} getRowId={contactId} empty="No contacts yet." columnsKey="company-contacts" />
    </section>
  );
}

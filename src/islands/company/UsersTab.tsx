import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Confirm } from '../../components/Confirm';
import { DateTime } from '../../components/DateTime';
import { FormDialog } from '../../components/FormDialog';
import { StatusBadge } from '../../components/StatusBadge';
import { TextField } from '../../components/TextField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../../components/table';
import type { CompanyUser } from '../../lib/api/company';
import { memberTypeWords } from '../../lib/format/words';
import { COMPANY_SCOPES } from '../../lib/rules/company-tabs';
import type { CreateUserInput, InviteUserInput } from '../../lib/schemas/company';
import { $companyPage } from '../../stores/company-page';
import { $deletingUser, companyUsersList, createUserForm, inviteUserForm, removeCompanyUser } from '../../stores/company-users';
import { EditUserDialog } from './EditUserDialog';
import { generatePassword } from './generate-password';
import { useCompanyCan } from './use-company-can';

const fullName = (m: CompanyUser) => `${m.user.first_name} ${m.user.last_name}`.trim();

/** The owner and the viewer themselves are never edited or deleted here (docs/decisions.md). */
const editable = (m: CompanyUser) => !m.is_self && m.account_type !== 'OWNER';

function RowActions({ member }: { member: CompanyUser }) {
  const can = useCompanyCan();
  const deleting = useStore($deletingUser) === member.user.guid;
  if (!editable(member)) return null;
  const name = fullName(member);
  return (
    <div className="row-actions">
      {can(COMPANY_SCOPES.editUsers) ? <EditUserDialog member={member} /> : null}
      {can(COMPANY_SCOPES.deleteUsers) ? (
        <Confirm
          title="Delete user"
          message={`Are you sure you want to remove ${name} from this company?`}
          confirmLabel="Delete"
          onConfirm={() => removeCompanyUser(member.user.guid)}
          trigger="Delete"
          triggerSize="small"
          triggerVariant="danger"
          triggerDisabled={deleting}
          triggerAriaLabel={`Delete ${name}`}
        />
      ) : null}
    </div>
  );
}

const column = pagedColumnHelper<CompanyUser>();
const columns = column.columns([
  column.display({ id: 'name', header: 'Name', enableHiding: false, meta: { className: 'cell-wrap' }, cell: ({ row }) => fullName(row.original) }),
  column.display({ id: 'email', header: 'Email', meta: { className: 'cell-wrap' }, cell: ({ row }) => row.original.user.email }),
  column.accessor('account_type', { header: 'Account type', cell: ({ getValue }) => memberTypeWords(getValue()) }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} dateOnly /> }),
  actionsColumn(column, 'actions', (member) => <RowActions member={member} />),
]);

const userId = (m: CompanyUser) => m.user.guid;

/**
 * Company > Users (spec part 3, 2.9): the company's people in a paged table (the pager shows
 * only when they fill more than a page), Invite and Create (can_add_company_users), edit and
 * delete (can_edit_company_users).
 */
export function UsersTab({ company }: { company: string }) {
  const can = useCompanyCan();
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again when another company is shown; the list reads which one from its store.
  useEffect(() => {
    void companyUsersList.load(1);
  }, [company]);
  return (
    <section aria-label="Users">
      {can(COMPANY_SCOPES.addUsers) ? (
        <div className="toolbar">
          <InviteUserDialog />
          <CreateUserDialog />
        </div>
      ) : null}
      <PagedTable caption="Users" columns={columns} list={companyUsersList} getRowId={userId} empty="No users yet." columnsKey="company-users" />
    </section>
  );
}

const NO_CODE: Required<InviteUserInput> = { invitation_code: '' };

/** Invite an existing user by their invitation code (spec part 3, 5 'Invite user'). */
function InviteUserDialog() {
  const { form, dialog } = useFormDialog(inviteUserForm, { initial: NO_CODE });
  return (
    <FormDialog title="Invite User" {...dialog} trigger="Invite User" submitLabel="Invite User" formClassName="">
      <p className="muted">Ask the person for the invitation code in their account area (Account, Invitations, Get Invitation Code).</p>
      <TextField label="Invitation code" autoComplete="off" {...form.text('invitation_code')} />
    </FormDialog>
  );
}

const NEW_USER: CreateUserInput = { first_name: '', last_name: '', email: '', password: '' };

/** Create a new account in this company (spec part 3, 5 'Create user'), with a password generator. */
function CreateUserDialog() {
  const [shown, setShown] = useState(false);
  const { form, dialog } = useFormDialog(createUserForm, { initial: NEW_USER, onOpen: () => setShown(false) });
  const name = useStore($companyPage).company?.name ?? 'this company';
  return (
    <FormDialog title="Create User" {...dialog} trigger="Create User" triggerVariant="primary" submitLabel="Create User">
      <TextField label="First name" autoComplete="off" {...form.text('first_name')} />
      <TextField label="Last name" autoComplete="off" {...form.text('last_name')} />
      <TextField label="Email" type="email" autoComplete="off" className="form-wide" {...form.text('email')} />
      <div className="form-wide password-generator">
        <TextField
          label="Password"
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          {...form.text('password')}
          hint={`The person signs in to ${name} with this password after confirming their email address.`}
        />
        <div className="password-generator-actions">
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              form.set('password', generatePassword());
              setShown(true);
            }}
          >
            Generate Password
          </button>
          <button type="button" className="button button-small" aria-pressed={shown} onClick={() => setShown(!shown)}>
            {shown ? 'Hide Password' : 'Show Password'}
          </button>
        </div>
      </div>
    </FormDialog>
  );
}

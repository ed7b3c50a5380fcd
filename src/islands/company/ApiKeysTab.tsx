import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Field } from '@ark-ui/react/field';
import { Confirm } from '../../components/Confirm';
import { DateTime } from '../../components/DateTime';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import type { FormBinding } from '../../components/form/use-form';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../../components/table';
import type { ApiKey } from '../../lib/api/company';
import { COMPANY_SCOPES } from '../../lib/rules/company-tabs';
import { $companyPage } from '../../stores/company-page';
import {
  $deletingKey,
  $newToken,
  apiKeysList,
  createApiKeyForm,
  editApiKeyForm,
  editValuesOfKey,
  NEW_API_KEY,
  removeApiKey,
  type ApiKeyValues,
} from '../../stores/company-api-keys';
import { PermissionEditor } from './PermissionEditor';
import { useCompanyCan } from './use-company-can';

function LastUse({ apiKey }: { apiKey: ApiKey }) {
  if (!apiKey.date_last_used) return <span className="muted">Never</span>;
  return (
    <>
      <DateTime value={apiKey.date_last_used} relative />
      <span className="muted"> from {apiKey.last_used_ip_address}</span>
    </>
  );
}

function KeyActions({ apiKey }: { apiKey: ApiKey }) {
  const can = useCompanyCan();
  const deleting = useStore($deletingKey) === apiKey.guid;
  if (!can(COMPANY_SCOPES.createApiKeys)) return null;
  return (
    <div className="row-actions">
      <EditApiKeyDialog apiKey={apiKey} />
      <Confirm
        title="Delete API key"
        message={`Are you sure you want to delete the API key ${apiKey.name}? Anything using it stops working at once.`}
        confirmLabel="Delete"
        onConfirm={() => removeApiKey(apiKey.guid)}
        trigger="Delete"
        triggerSize="small"
        triggerVariant="danger"
        triggerDisabled={deleting}
        triggerAriaLabel={`Delete ${apiKey.name}`}
      />
    </div>
  );
}

const column = pagedColumnHelper<ApiKey>();
const columns = column.columns([
  column.accessor('name', { header: 'Name', enableHiding: false, meta: { className: 'cell-wrap' } }),
  column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} dateOnly /> }),
  column.accessor('date_expires', { header: 'Expires', cell: ({ getValue }) => (getValue() ? <DateTime value={getValue()!} dateOnly /> : 'Never') }),
  column.accessor('allowed_ip_addresses', {
    header: 'Allowed IP addresses',
    meta: { className: 'cell-wrap' },
    cell: ({ getValue }) => (
      <ul className="plain-list mono">
        {getValue().map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    ),
  }),
  column.display({ id: 'last_used', header: 'Last used', cell: ({ row }) => <LastUse apiKey={row.original} /> }),
  actionsColumn(column, 'actions', (apiKey) => <KeyActions apiKey={apiKey} />),
]);

const keyId = (k: ApiKey) => k.guid;

/**
 * Company > API Keys (spec part 3, 2.9, 4): the keys with their addresses and last use, Create
 * (the token then shown once), edit and delete (can_create_api_keys).
 */
export function ApiKeysTab({ company }: { company: string }) {
  const can = useCompanyCan();
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again when another company is shown; the list reads which one from its store.
  useEffect(() => {
    void apiKeysList.load(1);
  }, [company]);
  return (
    <section aria-label="API Keys">
      {can(COMPANY_SCOPES.createApiKeys) ? (
        <div className="toolbar">
          <CreateApiKeyDialog />
        </div>
      ) : null}
      <PagedTable caption="API Keys" columns={columns} list={apiKeysList} getRowId={keyId} empty="No API keys yet." columnsKey="company-api-keys" />
    </section>
  );
}

/** The key's own fields, shared by create and edit. */
function KeyFields<V extends ApiKeyValues>({ form }: { form: FormBinding<V, unknown> }) {
  const held = new Set(useStore($companyPage).company?.permissions ?? []);
  // The edit call nests the key's fields under api_key, and its sentences name them so.
  const error = (key: string) => form.errors[`api_key.${key}`] ?? form.errors[key];
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      <div className="api-key-fields">
        <TextField label="Name" autoComplete="off" {...form.text('name' as never)} error={error('name')} />
        <TextField label="Expires" type="date" min={today} {...form.text('date_expires' as never)} error={error('date_expires')} hint="Leave empty for a key that never expires." />
        <Field.Root invalid={Boolean(error('allowed_ip_addresses'))} className="field api-key-addresses">
          <Field.Label className="field-label">Allowed IP addresses</Field.Label>
          <Field.Textarea
            className="input mono"
            rows={4}
            name="allowed_ip_addresses"
            value={form.values.allowed_ip_addresses}
            placeholder={'203.0.113.7\n198.51.100.0/24\n2001:db8::/32'}
            onChange={(e) => form.set('allowed_ip_addresses', e.target.value as V['allowed_ip_addresses'])}
          />
          <Field.HelperText className="field-hint">One per line: IPv4 or IPv6 addresses or CIDR ranges.</Field.HelperText>
          <Field.ErrorText className="field-error">{error('allowed_ip_addresses')}</Field.ErrorText>
        </Field.Root>
      </div>
      <h3 className="api-key-permissions-title">Permissions</h3>
      <PermissionEditor value={form.values.permissions} onChange={(next) => form.set('permissions', next as V['permissions'])} grantable={held} />
    </>
  );
}

/**
 * Create API Key. On success the same dialog shows the new token, this once (spec part 3, 4):
 * then neither a click outside nor Escape closes it, only its own button. One dialog, not a
 * second one over the first, so closing the form cannot take the token's dialog with it.
 */
function CreateApiKeyDialog() {
  const { form, dialog, setOpen } = useFormDialog(createApiKeyForm, { initial: NEW_API_KEY, closeOnDone: false });
  const created = useStore($newToken);
  const close = () => {
    $newToken.set(null);
    setOpen(false);
  };
  return (
    <FormDialog
      title={created ? 'Your new API key' : 'Create API Key'}
      {...dialog}
      onOpenChange={(next) => {
        if (!next) $newToken.set(null);
        dialog.onOpenChange(next);
      }}
      // The token view has no form to send: Enter in its field must not create another key.
      onSubmit={created ? (event) => event.preventDefault() : dialog.onSubmit}
      dismissible={!created}
      size={created ? 'md' : 'xl'}
      formClassName="api-key-form"
      trigger="Create API Key"
      triggerVariant="primary"
      submitLabel="Create API Key"
      {...(created
        ? {
            footer: () => (
              <button type="button" className="button button-primary" onClick={close}>
                I have copied the key
              </button>
            ),
          }
        : {})}
    >
      {created ? <NewToken name={created.name} token={created.token} /> : <KeyFields form={form as FormBinding<ApiKeyValues, unknown>} />}
    </FormDialog>
  );
}

function EditApiKeyDialog({ apiKey }: { apiKey: ApiKey }) {
  const { form, dialog } = useFormDialog(editApiKeyForm, { initial: editValuesOfKey(apiKey) });
  return (
    <FormDialog
      title={`Edit ${apiKey.name}`}
      {...dialog}
      size="xl"
      formClassName="api-key-form"
      trigger="Edit"
      triggerSize="small"
      triggerAriaLabel={`Edit ${apiKey.name}`}
      submitLabel="Save"
    >
      <KeyFields form={form as unknown as FormBinding<ApiKeyValues, unknown>} />
    </FormDialog>
  );
}

/** The new key's token, shown this once, with a copy button. */
function NewToken({ name, token }: { name: string; token: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="api-key-token">
      <p>
        This is the only time the token of <strong>{name}</strong> is shown. Copy it now and keep it somewhere safe.
      </p>
      <Field.Root className="field">
        <Field.Label className="field-label">API key token</Field.Label>
        <div className="clipboard-control">
          <Field.Input className="input mono" readOnly value={token} onFocus={(e) => e.currentTarget.select()} />
          <button
            type="button"
            className="button"
            onClick={() => {
              void navigator.clipboard?.writeText(token).then(() => setCopied(true));
            }}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      </Field.Root>
      <p className="muted">Send it as the header Authorization: Token &lt;token&gt;.</p>
    </div>
  );
}

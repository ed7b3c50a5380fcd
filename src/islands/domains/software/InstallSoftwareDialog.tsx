import { useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { FormDialog } from '../../../components/FormDialog';
import { TextField } from '../../../components/TextField';
import { SelectField } from '../../../components/form/SelectField';
import { useFormDialog } from '../../../components/form/use-form-dialog';
import { LANGUAGE_NAMES } from '../../../lib/rules/software-languages';
import { generatePassword, generateUsername } from '../../../lib/rules/software-credentials';
import { SOFTWARE_PROTOCOLS } from '../../../lib/schemas/add-domains';
import type { InstallSoftware } from '../../../lib/schemas/domain-software';
import { $softwareOptions, loadSoftwareOptions, softwareForm } from '../../../stores/domain-software';
import { $session } from '../../../stores/session';

/** The form's first values (spec part 2, 2.5): a generated username and password, the user's own email. */
function initialValues(email: string): Required<InstallSoftware> {
  return {
    software: '',
    language: 'en',
    protocol: 'https://',
    install_directory: '',
    admin_username: generateUsername(),
    admin_password: generatePassword(),
    admin_email: email,
    website_name: '',
    website_description: '',
  };
}

/** Install Software (spec part 2, 2.5 and 5). */
export function InstallSoftwareDialog({ domain, hasSsl }: { domain: string; hasSsl: boolean }) {
  const email = useStore($session).user?.email ?? '';
  const initial = useMemo(() => ({ ...initialValues(email), protocol: hasSsl ? ('https://' as const) : ('http://' as const) }), [email, hasSsl]);
  const { form, dialog } = useFormDialog(softwareForm, { initial, onOpen: () => void loadSoftwareOptions(domain) });
  const { loading, options } = useStore($softwareOptions);
  const chosen = options.find((o) => o.key === form.values.software);
  const languages = chosen?.languages ?? [];

  return (
    <FormDialog
      title="Install Software"
      size="lg"
      {...dialog}
      trigger="Install Software"
      triggerSize="small"
      triggerVariant="primary"
      submitLabel="Install"
      submitDisabled={loading}
    >
      <SelectField label="Software" value={form.values.software ?? ''} onValueChange={(v) => form.set('software', v)} error={form.errors.software}>
        <option value="">{loading ? 'Loading...' : 'Choose the software'}</option>
        {options.map((o) => (
          <option key={o.key} value={o.key}>
            {o.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Language"
        value={form.values.language ?? 'en'}
        onValueChange={(v) => form.set('language', v)}
        error={form.errors.language}
        disabled={languages.length === 0}
      >
        {(languages.length ? languages : ['en']).map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l] ?? l}
          </option>
        ))}
      </SelectField>
      <SelectField label="Protocol" value={form.values.protocol} onValueChange={(v) => form.set('protocol', v as InstallSoftware['protocol'])} error={form.errors.protocol}>
        {SOFTWARE_PROTOCOLS.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </SelectField>
      <TextField label="Install directory" hint="Blank installs into the web root." autoComplete="off" {...form.text('install_directory')} />
      <TextField label="Admin username" autoComplete="off" {...form.text('admin_username')} />
      <TextField label="Admin password" autoComplete="new-password" {...form.text('admin_password')} />
      <TextField label="Admin email" type="email" autoComplete="email" {...form.text('admin_email')} />
      <TextField label="Website name" autoComplete="off" {...form.text('website_name')} />
      <TextField label="Website description" autoComplete="off" {...form.text('website_description')} />
    </FormDialog>
  );
}

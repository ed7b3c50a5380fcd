import { useStore } from '@nanostores/react';
import { FormDialog } from '../../../components/FormDialog';
import { TextField } from '../../../components/TextField';
import { SelectField } from '../../../components/form/SelectField';
import { useFormDialog } from '../../../components/form/use-form-dialog';
import { SOFTWARE_PROTOCOLS } from '../../../lib/schemas/add-domains';
import { FTP_DEFAULT_PORT, type Migrate } from '../../../lib/schemas/ftp';
import { $ftp, $softwareOptions, browseFolders, loadSoftwareOptions, migrateForm, resetFtp, testFtpConnection } from '../../../stores/domain-software';

type Values = Omit<Migrate, 'ftp_path'> & { ftp_port: number | string };

const initial: Values = {
  protocol: 'https://',
  remote_domain: '',
  install_directory: '',
  software: 'WORDPRESS',
  ftp_host: '',
  ftp_port: FTP_DEFAULT_PORT,
  ftp_username: '',
  ftp_password: '',
  ftp_mode: 'PASSIVE',
  ftp_security: 'NONE',
};

const parentOf = (path: string) => path.replace(/\/[^/]+\/?$/, '') || '/';
const childOf = (path: string, name: string) => `${path.replace(/\/$/, '')}/${name}`;

/**
 * Migrate Software (spec part 2, 2.5): the FTP details, Test Connection, then the folder to copy
 * chosen in the Select FTP Path tree, then Migrate. Browse and Migrate wait for a successful test;
 * changing a detail or a failed test locks them again.
 */
export function MigrateDialog({ domain }: { domain: string }) {
  const { form, dialog } = useFormDialog(migrateForm, {
    initial: initial as Omit<Migrate, 'ftp_path'>,
    onOpen() {
      resetFtp();
      void loadSoftwareOptions(domain);
    },
  });
  const ftp = useStore($ftp);
  const { options } = useStore($softwareOptions);
  const v = form.values;
  const details = {
    ftp_host: v.ftp_host,
    ftp_port: Number(v.ftp_port),
    ftp_username: v.ftp_username,
    ftp_password: v.ftp_password,
    ftp_mode: v.ftp_mode,
    ftp_security: v.ftp_security,
  };
  const change = <K extends keyof Omit<Migrate, 'ftp_path'>>(key: K, value: Omit<Migrate, 'ftp_path'>[K]) => {
    if (key.startsWith('ftp_')) resetFtp();
    form.set(key, value);
  };

  return (
    <FormDialog
      title="Migrate Software"
      size="lg"
      {...dialog}
      trigger="Migrate"
      triggerSize="small"
      submitLabel="Migrate"
      submitDisabled={!ftp.tested}
      formClassName="migrate-form"
    >
      <fieldset className="migrate-part">
        <legend className="field-label">The site</legend>
        <TextField label="Remote domain" autoComplete="off" {...form.text('remote_domain')} />
        <SelectField label="Software" value={v.software} onValueChange={(s) => change('software', s)} error={form.errors.software}>
          {options.map((o) => (
            <option key={o.key} value={o.key}>
              {o.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Protocol" value={v.protocol} onValueChange={(p) => change('protocol', p as Migrate['protocol'])} error={form.errors.protocol}>
          {SOFTWARE_PROTOCOLS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </SelectField>
        <TextField label="Install directory" hint="Blank copies into the web root." autoComplete="off" {...form.text('install_directory')} />
      </fieldset>
      <fieldset className="migrate-part">
        <legend className="field-label">FTP server</legend>
        <TextField label="FTP host" autoComplete="off" {...form.text('ftp_host')} onValueChange={(s) => change('ftp_host', s)} />
        <TextField
          label="Port"
          inputMode="numeric"
          autoComplete="off"
          name="ftp_port"
          value={String(v.ftp_port ?? '')}
          onValueChange={(s) => change('ftp_port', s as unknown as number)}
          error={form.errors.ftp_port}
        />
        <TextField label="Username" autoComplete="off" {...form.text('ftp_username')} onValueChange={(s) => change('ftp_username', s)} />
        <TextField label="Password" type="password" autoComplete="off" {...form.text('ftp_password')} onValueChange={(s) => change('ftp_password', s)} />
        <SelectField label="FTP mode" value={v.ftp_mode ?? 'PASSIVE'} onValueChange={(s) => change('ftp_mode', s as 'PASSIVE' | 'ACTIVE')}>
          <option value="PASSIVE">Passive</option>
          <option value="ACTIVE">Active</option>
        </SelectField>
        <SelectField label="FTP security" value={v.ftp_security ?? 'NONE'} onValueChange={(s) => change('ftp_security', s as 'NONE' | 'TLS')}>
          <option value="NONE">None</option>
          <option value="TLS">TLS</option>
        </SelectField>
        <div className="toolbar">
          <button type="button" className="button" disabled={ftp.testing} aria-busy={ftp.testing} onClick={() => void testFtpConnection(details)}>
            Test Connection
          </button>
          <button type="button" className="button" disabled={!ftp.tested || ftp.browsing} onClick={() => void browseFolders(details, ftp.path)}>
            Browse
          </button>
          <span className="muted">
            FTP path: <span className="mono">{ftp.path}</span>
          </span>
        </div>
        {ftp.folders ? (
          <nav className="folder-tree" aria-label="Select FTP Path">
            <ul>
              {ftp.path !== '/' ? (
                <li>
                  <button type="button" className="link-button" onClick={() => void browseFolders(details, parentOf(ftp.path))}>
                    .. (up)
                  </button>
                </li>
              ) : null}
              {ftp.folders.map((name) => (
                <li key={name}>
                  <button type="button" className="link-button" onClick={() => void browseFolders(details, childOf(ftp.path, name))}>
                    {name}/
                  </button>
                </li>
              ))}
              {ftp.folders.length === 0 ? <li className="muted">No folders here.</li> : null}
            </ul>
          </nav>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}

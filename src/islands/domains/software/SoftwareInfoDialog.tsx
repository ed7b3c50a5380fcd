import { useStore } from '@nanostores/react';
import { DateTime } from '../../../components/DateTime';
import { Dialog } from '../../../components/Dialog';
import { StatusBadge } from '../../../components/StatusBadge';
import { TextField } from '../../../components/TextField';
import { useFormDialog } from '../../../components/form/use-form-dialog';
import { $softwareInfo, loadSoftwareInfo, revealForm } from '../../../stores/domain-software';

/**
 * Software Info (spec part 2, 2.5): the installation, and its admin password once the user has
 * entered their own account password ('Password is unavailable!' when none is kept).
 */
export function SoftwareInfoDialog({ domain }: { domain: string }) {
  const { loading, info, password } = useStore($softwareInfo);
  // The password shows in this dialog: revealing it does not close it.
  const { form, dialog, setOpen } = useFormDialog(revealForm, { initial: { password: '' }, closeOnDone: false, onOpen: () => void loadSoftwareInfo(domain) });

  return (
    <Dialog
      title="Software Info"
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger="Software Info"
      triggerSize="small"
      footer={
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Close
        </button>
      }
    >
      {loading || !info ? (
        <p className="page-loading" role="status">
          Loading...
        </p>
      ) : (
        <>
          <dl className="detail-list">
            <dt>Software</dt>
            <dd>{info.software_name}</dd>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={info.status} />
            </dd>
            <dt>Installed</dt>
            <dd>
              <DateTime value={info.date_installed} fallback="Not yet" />
            </dd>
            <dt>Created</dt>
            <dd>
              <DateTime value={info.date_created} />
            </dd>
            <dt>Imported</dt>
            <dd>{info.is_imported ? 'Yes' : 'No'}</dd>
            <dt>Address</dt>
            <dd className="mono">{info.protocol + (info.install_directory ? `…/${info.install_directory}` : '')}</dd>
            <dt>Username</dt>
            <dd>{info.username ?? 'Username is unavailable!'}</dd>
            <dt>Password</dt>
            <dd>{password ? <span className="mono">{password}</span> : info.has_password ? 'Hidden' : 'Password is unavailable!'}</dd>
          </dl>
          {info.has_password && !password ? (
            <form {...form.form} className="reveal-form">
              <TextField label="Your account password" type="password" autoComplete="current-password" hint="Enter it to show the admin password." {...form.text('password')} />
              <button type="submit" className="button" disabled={form.busy}>
                Show password
              </button>
            </form>
          ) : null}
        </>
      )}
    </Dialog>
  );
}

import { useStore } from '@nanostores/react';
import { Dialog } from '../../components/Dialog';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import type { HostingAccountDetail } from '../../lib/api/hosting';
import { $cpanelPassword, $hostingAccount, changePasswordForm, renameForm, revealForm } from '../../stores/hosting-accounts';

/** Rename, confirmed in its dialog (spec part 3, 2.8; 'Hosting account's name successfully updated!'). */
export function RenameDialog({ account }: { account: Pick<HostingAccountDetail, 'name'> }) {
  const { form, dialog } = useFormDialog(renameForm, { initial: { name: account.name } });
  return (
    <FormDialog title="Rename hosting account" {...dialog} trigger="Rename" submitLabel="Rename" formClassName="">
      <TextField label="Account name" autoComplete="off" {...form.text('name')} />
    </FormDialog>
  );
}

/** View cPanel password: asks for the user's own account password, then shows it in place. */
export function ViewCpanelPasswordDialog() {
  const { guid } = useStore($hostingAccount);
  const revealed = useStore($cpanelPassword);
  const password = revealed?.guid === guid ? revealed.password : null;
  const { form, dialog, setOpen } = useFormDialog(revealForm, { initial: { password: '' }, closeOnDone: false });
  return (
    <Dialog
      title="cPanel password"
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger="View cPanel Password"
      footer={
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Close
        </button>
      }
    >
      {password ? (
        <p>
          The cPanel password: <span className="mono cpanel-password">{password}</span>
        </p>
      ) : (
        <form {...form.form} className="reveal-form">
          <TextField
            label="Your account password"
            type="password"
            autoComplete="current-password"
            hint="Enter the password you sign in to the panel with."
            {...form.text('password')}
          />
          <div className="hosting-dialog-actions">
            <button type="submit" className="button button-primary" disabled={form.busy}>
              Show password
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** Change cPanel password: current, new, repeat ('cPanel password successfully updated!'). */
export function ChangeCpanelPasswordDialog() {
  const { form, dialog } = useFormDialog(changePasswordForm, { initial: { current_password: '', new_password: '', new_password_repeat: '' } });
  return (
    <FormDialog title="Change cPanel password" {...dialog} trigger="Change cPanel Password" submitLabel="Change Password" formClassName="">
      <TextField label="Current cPanel password" type="password" autoComplete="off" {...form.text('current_password')} />
      <TextField label="New password" type="password" autoComplete="new-password" {...form.text('new_password')} />
      <TextField label="Repeat the new password" type="password" autoComplete="new-password" {...form.text('new_password_repeat')} />
    </FormDialog>
  );
}

import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { passwordForm } from '../../stores/account-profile';

const EMPTY = { old_password: '', new_password: '', new_password_repeat: '' };

/** The Password card: Reset opens the change-password dialog (spec part 1, 2.6). */
export function PasswordCard() {
  const { form, dialog } = useFormDialog(passwordForm, { initial: EMPTY });

  const field = (key: keyof typeof EMPTY, label: string, autoComplete: string) => <TextField label={label} type="password" autoComplete={autoComplete} {...form.text(key)} />;

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title" className="card-title">
        Password
      </h2>
      <p className="muted">Changing the password signs you out everywhere else.</p>
      <FormDialog title="Change Password" size="sm" {...dialog} trigger="Reset" submitLabel="Change Password" formClassName="">
        {field('old_password', 'Old password', 'current-password')}
        {field('new_password', 'New password', 'new-password')}
        {field('new_password_repeat', 'Repeat new password', 'new-password')}
      </FormDialog>
    </section>
  );
}

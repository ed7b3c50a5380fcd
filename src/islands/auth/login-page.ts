import { typedValues } from '../../components/form/field-values';
import { BACKUP_CODE_LENGTH, CODE_LABELS, CODE_LENGTH, typedCode as clean } from '../../lib/schemas/auth-flows';
import type { FormController, FormState } from '../../stores/form';
import { $loginFlow, credentialsForm, deviceStepForm, leaveIfSignedIn, resendForm, restartLogin, twoFactorStepForm, type LoginStep } from '../../stores/login';

/** A field's text as the page shows it now, typed before this script ran or after. */
const text = (form: HTMLFormElement, name: string) => typedValues(form)[name] ?? '';

/** Shows a field's sentence under it, tied to it for assistive technology, or clears it. */
function showFieldError(input: HTMLInputElement, sentence: string | undefined) {
  const error = document.getElementById(`${input.id}-error`);
  if (!error) return;
  error.textContent = sentence ?? '';
  error.hidden = !sentence;
  if (sentence) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', error.id);
  } else {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
}

/** Shows one form's state: the sentences beside its fields, and its submit button busy or not. */
function bindForm(form: HTMLFormElement, controller: FormController<never, unknown>, also?: (state: FormState) => void) {
  const inputs = [...form.querySelectorAll<HTMLInputElement>('input.input')];
  // A changed field's sentence no longer applies.
  for (const input of inputs) input.addEventListener('input', () => controller.clearError(input.name));
  const button = form.querySelector<HTMLButtonElement>('[data-submit]')!;
  const label = button.textContent ?? '';
  controller.$state.subscribe((state) => {
    for (const input of inputs) showFieldError(input, state.fields[input.name]);
    button.disabled = state.busy;
    button.setAttribute('aria-busy', String(state.busy));
    button.textContent = state.busy ? button.dataset.busyLabel! : label;
    also?.(state);
  });
}

/**
 * The sign-in page (./LoginPage.astro) bound to the login forms of src/stores/login.ts: the
 * fields are read at submit, so what was typed or autofilled before this script ran is what
 * is sent; the stores say which step shows, which field is wrong and what is under way.
 */
export function startLoginPage(root: HTMLElement): void {
  leaveIfSignedIn();

  const forms = new Map([...root.querySelectorAll<HTMLFormElement>('form[data-step]')].map((form) => [form.dataset.step as LoginStep, form]));
  const credentials = forms.get('credentials')!;
  const twoFactor = forms.get('2fa')!;
  const device = forms.get('device')!;
  const twoFactorCode = twoFactor.querySelector<HTMLInputElement>('input[name="code"]')!;
  const deviceCode = device.querySelector<HTMLInputElement>('input[name="code"]')!;
  const remember = device.querySelector<HTMLInputElement>('input[name="remember"]')!;
  const resend = credentials.querySelector<HTMLButtonElement>('[data-resend]')!;
  const codeType = () => (twoFactor.querySelector<HTMLInputElement>('input[name="code_type"]:checked')?.value === 'BACKUP_CODE' ? 'BACKUP_CODE' : 'CODE');

  credentials.addEventListener('submit', (event) => {
    event.preventDefault();
    void credentialsForm.submit({ email: text(credentials, 'email'), password: text(credentials, 'password') });
  });
  twoFactor.addEventListener('submit', (event) => {
    event.preventDefault();
    void twoFactorStepForm.submit({ code: clean(twoFactorCode.value, codeType() === 'CODE' ? CODE_LENGTH : BACKUP_CODE_LENGTH), code_type: codeType() });
  });
  device.addEventListener('submit', (event) => {
    event.preventDefault();
    void deviceStepForm.submit({ code: clean(deviceCode.value, CODE_LENGTH), remember: remember.checked });
  });
  resend.addEventListener('click', () => void resendForm.submit({ email: text(credentials, 'email') }));
  for (const back of root.querySelectorAll('[data-restart]')) back.addEventListener('click', restartLogin);

  twoFactorCode.addEventListener('input', () => (twoFactorCode.value = clean(twoFactorCode.value, codeType() === 'CODE' ? CODE_LENGTH : BACKUP_CODE_LENGTH)));
  deviceCode.addEventListener('input', () => (deviceCode.value = clean(deviceCode.value, CODE_LENGTH)));
  for (const radio of twoFactor.querySelectorAll<HTMLInputElement>('input[name="code_type"]')) {
    radio.addEventListener('change', () => {
      const backup = codeType() === 'BACKUP_CODE';
      twoFactor.querySelector('[data-code-label]')!.textContent = CODE_LABELS[codeType()];
      twoFactorCode.inputMode = backup ? 'text' : 'numeric';
      twoFactorCode.value = clean(twoFactorCode.value, backup ? BACKUP_CODE_LENGTH : CODE_LENGTH);
    });
  }
  remember.addEventListener('change', () => remember.nextElementSibling?.setAttribute('data-state', remember.checked ? 'checked' : 'unchecked'));

  const message = credentials.querySelector<HTMLElement>('[data-message]')!;
  bindForm(credentials, credentialsForm as FormController<never, unknown>, (state) => {
    message.textContent = state.message ?? '';
    message.hidden = !state.message;
    resend.disabled = state.busy;
    // A notice the page opened with no longer applies once something was submitted.
    if (state.attempts > 0) for (const notice of credentials.querySelectorAll('[data-notice]')) notice.remove();
  });
  bindForm(twoFactor, twoFactorStepForm as FormController<never, unknown>);
  bindForm(device, deviceStepForm as FormController<never, unknown>);

  let step: LoginStep = 'credentials';
  $loginFlow.subscribe((state) => {
    resend.hidden = !state.emailNotVerified;
    if (state.step === step) return;
    step = state.step;
    for (const [name, form] of forms) form.hidden = name !== step;
    // A new step starts empty, with the focus on its code.
    if (step === '2fa') {
      twoFactorCode.value = '';
      twoFactorCode.focus();
    }
    if (step === 'device') {
      deviceCode.value = '';
      deviceCode.focus();
    }
  });
}

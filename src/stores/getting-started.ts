import { atom, computed } from 'nanostores';
import { setGettingStartedStep, stopGettingStarted } from '../lib/requests/getting-started';
import { readData, STEP, WIZARD_POLL_MS, type GettingStartedData } from '../lib/rules/getting-started';
import { api } from './api';
import { environment } from './environment';
import { navigate } from './router';
import { $session, loadUser } from './session';
import { toastError } from './toasts';

/*
 * The getting-started wizard in the panel (spec part 1, 2.8 and 4). Its step and data are the
 * company's, on the server (whoami's show_getting_started, getting_started_step and
 * getting_started_data); what stays in this browser is only how it is shown: minimised (kept for
 * the tab, so a guided jump's page load keeps it small), closed (until the next load, as the spec
 * says) and the success screen.
 */

const UI_KEY = 'hostdeck:getting-started';

interface Ui {
  minimized: boolean;
  closed: boolean;
  /** 'Account set up successfully!' shows until Continue. */
  success: boolean;
  /** Opened from the user menu while the server had it stopped. */
  opening: boolean;
  /** The step (and first-domain count) this tab last saw: a change on the server opens the wizard again. */
  seen: string | null;
}

function restoreUi(): Ui {
  const base: Ui = { minimized: false, closed: false, success: false, opening: false, seen: null };
  try {
    const kept = JSON.parse(environment().tabStorage()?.getItem(UI_KEY) ?? '{}') as Partial<Ui>;
    return { ...base, minimized: kept.minimized === true, seen: typeof kept.seen === 'string' ? kept.seen : null };
  } catch {
    return base;
  }
}

const $ui = atom<Ui>(restoreUi());
$ui.listen((ui) => {
  try {
    environment()
      .tabStorage()
      ?.setItem(UI_KEY, JSON.stringify({ minimized: ui.minimized, seen: ui.seen }));
  } catch {
    // Storage refused (private mode, full): the wizard still works, it just opens full size after a load.
  }
});
const patchUi = (patch: Partial<Ui>) => $ui.set({ ...$ui.get(), ...patch });

export interface WizardView {
  /** Users of a company who may use it: not customer accounts (the calls are closed to them). */
  eligible: boolean;
  /** The server says it runs (or it is being opened from the menu). */
  running: boolean;
  step: number;
  data: GettingStartedData;
  minimized: boolean;
  closed: boolean;
  success: boolean;
  /** The modal is on screen. */
  modalOpen: boolean;
  /** The floating 'Getting Started Wizard' button is on screen. */
  buttonShown: boolean;
}

export const $wizard = computed([$session, $ui], ({ user }, ui): WizardView => {
  const eligible = !!user && !user.is_customer;
  const running = eligible && (user.company.show_getting_started || ui.opening);
  const step = user?.company.getting_started_step ?? STEP.welcome;
  return {
    eligible,
    running,
    step,
    data: readData(user?.company.getting_started_data),
    minimized: ui.minimized,
    closed: ui.closed,
    success: ui.success,
    modalOpen: eligible && (ui.success || (running && !ui.minimized && !ui.closed)),
    buttonShown: running && ui.minimized && !ui.closed && !ui.success,
  };
});

const companyGuid = () => $session.get().user?.company.guid ?? '';

/** Runs a wizard call, then reloads the user so the whole panel sees the new state. */
async function send(work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    await loadUser();
    return true;
  } catch (error) {
    toastError(error);
    return false;
  }
}

/** Step 1's 'Set Up My First Domain': start: true, the server answers step 2. */
export const startWizard = () => send(() => setGettingStartedStep(api, companyGuid(), { step: STEP.introduction, start: true }));

/** Moves to a step by the person's choice (Next, Skip). */
export const goToStep = (step: number) => send(() => setGettingStartedStep(api, companyGuid(), { step }));

/** 'Skip guided setup' after its confirmation: the server stops it (hidden, back to step 1). */
export async function skipWizard(): Promise<boolean> {
  const done = await send(() => stopGettingStarted(api, companyGuid()));
  if (done) patchUi({ minimized: false, opening: false, seen: null });
  return done;
}

/** 'Complete' on the summary (or Next without a domain): the wizard ends and the success screen shows. */
export async function completeWizard(): Promise<boolean> {
  const done = await send(() => stopGettingStarted(api, companyGuid()));
  if (done) patchUi({ success: true, minimized: false, opening: false, seen: null });
  return done;
}

/** Continue on the success screen: back to the home page and its (now complete) to-do list. */
export function finishWizard(): void {
  patchUi({ success: false });
  navigate('/');
}

export const minimizeWizard = () => patchUi({ minimized: true });
export const restoreWizard = () => patchUi({ minimized: false, closed: false });
/** Closed after 'Are you sure you wish to stop the getting started wizard?': hidden until the next page load. */
export const closeWizard = () => patchUi({ closed: true, minimized: false });

/** The user menu's 'Getting Started Wizard': shows it where it is, or from the welcome when it was stopped. */
export async function openWizard(): Promise<void> {
  const { user } = $session.get();
  if (!user) return;
  patchUi({ minimized: false, closed: false, success: false });
  if (!user.company.show_getting_started) {
    patchUi({ opening: true });
    await send(() => setGettingStartedStep(api, user.company.guid, { step: STEP.welcome }));
    patchUi({ opening: false });
  }
}

/**
 * The control a guided jump points at: the text of the button, link or tab to highlight on the
 * page it opened. A new object per jump, so the same control asked twice is highlighted twice;
 * the wizard's island does the highlighting (src/islands/getting-started/highlight.ts).
 */
export const $guidedControl = atom<{ label: string } | null>(null);

/**
 * A guided jump (spec part 1, 2.8): minimises the wizard, opens the page and has the control
 * to use highlighted once it shows.
 */
export function guidedJump(path: string, control: string): void {
  minimizeWizard();
  navigate(path);
  $guidedControl.set({ label: control });
}

/**
 * Follows the server while the wizard runs: whoami every 5 seconds, so a step done in another
 * tab, the CLI or the API moves it; a step that moved opens the wizard again (a custom host at
 * step 4 "reopens the wizard", spec part 1, 4), and a domain group just made at step 7 opens its
 * page (/domains/{guid}). Returns the function that stops it.
 */
export function followWizard(): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  const stopTimer = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  const unlisten = $wizard.subscribe((view) => {
    const polling = view.running && !view.closed;
    if (polling && !timer) timer = setInterval(() => void loadUser(), WIZARD_POLL_MS);
    if (!polling) stopTimer();
    if (!view.running) return;
    const seen = $ui.get().seen;
    const now = `${view.step}:${view.data.domain_info?.length ?? 0}`;
    if (seen === now) return;
    patchUi({ seen: now });
    if (seen === null) return;
    patchUi({ minimized: false });
    if (seen.startsWith(`${STEP.domainGroup}:`) && view.step === STEP.firstDomain && view.data.domain_group) navigate(`/domains/${view.data.domain_group}`);
  });
  return () => {
    unlisten();
    stopTimer();
  };
}

/**
 * The getting-started wizard's steps and sentences (spec part 1, 2.8 and 4; spec decisions.md:
 * the eight steps numbered 1 to 8, no odd values). Shared by the server, which moves the step
 * when something happens elsewhere, and the panel, which shows it.
 */
export const FIRST_STEP = 1;
export const LAST_STEP = 8;

/**
 * The eight steps (spec decisions.md: numbered 1 to 8) with the transitions of spec part 1, 4 as
 * written: a card added -> 4; a paid invoice 4 -> 5 and 6 -> 7; a custom host at 4 -> 5; an IP
 * group created 5 -> 6; a domain group created at 7 -> 8. For those to be a walk, step 4 is the
 * hosting account (a paid Shared Hosting order or a custom host ends it) and step 8 the first
 * domain with the summary; docs/decisions.md "Getting-started wizard".
 */
export const STEP = {
  welcome: 1,
  introduction: 2,
  paymentMethod: 3,
  hosting: 4,
  ipGroup: 5,
  ipAddresses: 6,
  domainGroup: 7,
  firstDomain: 8,
} as const;

/** How many steps there are, for 'Step N of ...': counted from STEP so a step added there is counted too. */
export const STEP_COUNT = Object.keys(STEP).length;

export const STOP_CONFIRMATION = 'Are you sure you wish to stop the getting started wizard?';
export const SKIP_CONFIRMATION = 'Are you sure you wish to skip the guided setup?';
export const SKIP_WARNING = 'IP addresses must then be configured manually before domains can be added.';
export const SETUP_DONE = 'Account set up successfully!';
export const WIZARD_TITLE = 'Getting Started Wizard';

/** The wizard modal's widths (spec part 1, 2.8). */
export const widthOfStep = (step: number) => (step === STEP.welcome ? 500 : 900);

/** While the wizard is shown or minimised the panel asks for the server's step this often, so a step done elsewhere moves it. */
export const WIZARD_POLL_MS = 5_000;
/** The control a guided jump leads to is highlighted this long after the page opens (spec part 1, 9). */
export const HIGHLIGHT_DELAY_MS = 500;
/** The support help widget appears this long after load (spec part 1, 9). */
export const SUPPORT_WIDGET_DELAY_MS = 5_000;

/** What the wizard keeps per company (spec part 1, 3 "Wizard state" wizardData). */
export interface DomainInfo {
  domain: string;
  ip_address: string;
}
export interface GettingStartedData {
  ip_group?: string;
  domain_group?: string;
  domain_info?: DomainInfo[];
}

/** The steps' names, as the 'Need Help? Chat Now' message names the one the person is at. */
export const STEP_NAMES: Record<number, string> = {
  1: 'Welcome',
  2: 'Introduction',
  3: 'Payment method',
  4: 'Hosting account',
  5: 'IP address group',
  6: 'First IP addresses',
  7: 'Domain group',
  8: 'First domain',
};

/** The message the help chat opens with (spec part 1, 2.8). */
export const helpMessageOf = (step: number) => `Hello, I need help with the getting started wizard: I am stuck at step ${step} (${STEP_NAMES[step] ?? 'Welcome'}).`;

/**
 * What a company has already set up, as steps 3 to 8 ask for it: an active card or PayPal, an
 * active hosting account, an IP group (the first one), live IP addresses, a domain group (the
 * first one) and a first domain with its address.
 */
export interface SetupProgress {
  paymentMethod: boolean;
  hosting: boolean;
  ipGroup: string | null;
  ipAddresses: boolean;
  domainGroup: string | null;
  firstDomain: DomainInfo | null;
}

/**
 * The step the wizard shows when it is moved to `wanted` (Next, Skip, the introduction's end):
 * the steps from the payment method on that the company has already done are passed over, so a
 * company with a card is never asked to add one, and one with everything set up reaches the
 * summary of its own first domain. A step passed over keeps what the next steps need (the group
 * to order addresses into, the group to add domains to). Welcome and the introduction always show.
 */
export function stepToShow(wanted: number, progress: SetupProgress, data: GettingStartedData): { step: number; data: GettingStartedData } {
  const next: GettingStartedData = { ...data };
  let step = wanted;
  const done = (at: number): boolean => {
    switch (at) {
      case STEP.paymentMethod:
        return progress.paymentMethod;
      case STEP.hosting:
        return progress.hosting;
      case STEP.ipGroup:
        if (!progress.ipGroup) return false;
        next.ip_group ??= progress.ipGroup;
        return true;
      case STEP.ipAddresses:
        return progress.ipAddresses;
      case STEP.domainGroup:
        if (!progress.domainGroup) return false;
        next.domain_group ??= progress.domainGroup;
        return true;
      default:
        return false;
    }
  };
  while (step >= STEP.paymentMethod && step < STEP.firstDomain && done(step)) step += 1;
  if (step === STEP.firstDomain && progress.firstDomain && !next.domain_info?.length) next.domain_info = [progress.firstDomain];
  return { step, data: next };
}

/** Reads the stored data defensively: the column is JSON the panel and older rows may have shaped otherwise. */
export function readData(raw: Record<string, unknown> | null | undefined): GettingStartedData {
  const data: GettingStartedData = {};
  if (!raw) return data;
  if (typeof raw.ip_group === 'string') data.ip_group = raw.ip_group;
  if (typeof raw.domain_group === 'string') data.domain_group = raw.domain_group;
  if (Array.isArray(raw.domain_info)) {
    data.domain_info = raw.domain_info.filter(
      (d): d is DomainInfo => typeof d === 'object' && d !== null && typeof (d as DomainInfo).domain === 'string' && typeof (d as DomainInfo).ip_address === 'string',
    );
  }
  return data;
}

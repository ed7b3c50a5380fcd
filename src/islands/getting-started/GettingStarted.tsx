import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { helpMessageOf, WIZARD_TITLE } from '../../lib/rules/getting-started';
import { $guidedControl, $wizard, followWizard, minimizeWizard, restoreWizard } from '../../stores/getting-started';
import { highlightWhenShown } from './highlight';
import { HelpLaunchers, HelpPanel, openHelp, type HelpRequest } from './HelpWidgets';
import '../../styles/getting-started.css';

// The modal's code loads only for a company whose wizard runs.
const WizardDialog = lazy(() => import('./WizardDialog').then((m) => ({ default: m.WizardDialog })));

/**
 * The getting-started wizard and the help widgets, mounted once by the shell (spec part 1, 2.4
 * and 2.8): the modal, its floating 'Getting Started Wizard' button when minimised, the help
 * launchers and the help message panel.
 */
export function GettingStarted({ chatUrl }: { chatUrl: string | null }) {
  const wizard = useStore($wizard);
  const guided = useStore($guidedControl);
  const [help, setHelp] = useState<HelpRequest | null>(null);
  const [used, setUsed] = useState(false);
  useEffect(() => followWizard(), []);
  // A guided jump's control, highlighted on the page it opened; a newer jump stops the wait for this one.
  useEffect(() => (guided ? highlightWhenShown(guided.label) : undefined), [guided]);
  useEffect(() => {
    if (wizard.modalOpen) setUsed(true);
  }, [wizard.modalOpen]);

  // After 'Minimise' the dialog gives focus back to no opener (it opened by itself), so it would
  // drop to <body>; it goes to the button that reopens the wizard instead.
  const launcher = useRef<HTMLButtonElement>(null);
  const focusLauncher = useRef(false);
  const minimise = () => {
    focusLauncher.current = true;
    minimizeWizard();
  };
  useEffect(() => {
    if (!wizard.buttonShown || !focusLauncher.current) return;
    focusLauncher.current = false;
    // A frame later: the closing dialog restores focus first.
    const frame = requestAnimationFrame(() => launcher.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [wizard.buttonShown]);

  const askForHelp = () => {
    minimizeWizard();
    openHelp(chatUrl, helpMessageOf(wizard.step), setHelp);
  };

  return (
    <>
      {used ? (
        <Suspense fallback={null}>
          <WizardDialog onHelp={askForHelp} onMinimise={minimise} />
        </Suspense>
      ) : null}
      {wizard.buttonShown ? (
        <button type="button" ref={launcher} className="wizard-launcher button button-primary" onClick={restoreWizard}>
          {WIZARD_TITLE}
        </button>
      ) : null}
      <HelpLaunchers chatUrl={chatUrl} onAsk={setHelp} />
      {help ? <HelpPanel request={help} onClose={() => setHelp(null)} /> : null}
    </>
  );
}

import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Dialog } from '../../components/Dialog';
import { SKIP_CONFIRMATION, SKIP_WARNING, STEP, STEP_COUNT, STOP_CONFIRMATION, WIZARD_TITLE } from '../../lib/rules/getting-started';
import { $wizard, closeWizard, skipWizard } from '../../stores/getting-started';
import { WizardStep } from './WizardSteps';

type Question = 'stop' | 'skip';

/**
 * The wizard modal (spec part 1, 2.8): 500 px at the welcome, 900 px after. The close button
 * asks 'Are you sure you wish to stop the getting started wizard?'; minimise leaves the floating
 * button; 'Skip guided setup' asks, warns and stops it on the server. The questions are asked in
 * the same modal (titled 'Please confirm' meanwhile): a second dialog opening as the first one
 * closes would fight it for the focus.
 */
export function WizardDialog({ onHelp, onMinimise }: { onHelp: () => void; onMinimise: () => void }) {
  const wizard = useStore($wizard);
  const [asking, setAsking] = useState<Question | null>(null);
  const [busy, setBusy] = useState(false);
  const welcome = wizard.step === STEP.welcome && !wizard.success && asking === null;

  async function answer(yes: boolean) {
    const question = asking;
    setBusy(true);
    try {
      if (yes && question === 'stop') closeWizard();
      if (yes && question === 'skip') await skipWizard();
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  const footer = asking ? (
    <>
      <button type="button" className="button" disabled={busy} onClick={() => void answer(false)}>
        No
      </button>
      <button type="button" className="button button-primary" disabled={busy} onClick={() => void answer(true)}>
        Yes
      </button>
    </>
  ) : wizard.success ? null : (
    <div className="wizard-footer">
      <button type="button" className="button" onClick={() => setAsking('skip')}>
        Skip guided setup
      </button>
      <span className="wizard-footer-end">
        <button type="button" className="button" onClick={onHelp}>
          Need Help? Chat Now
        </button>
        <button type="button" className="button" onClick={onMinimise}>
          Minimise
        </button>
      </span>
    </div>
  );

  return (
    <Dialog
      title={asking ? 'Please confirm' : WIZARD_TITLE}
      size="lg"
      open={wizard.modalOpen}
      dismissible={false}
      onOpenChange={(open) => {
        if (open || !$wizard.get().modalOpen) return;
        // The close button: while a question is open it answers No, otherwise it asks to stop.
        if (asking) void answer(false);
        else setAsking('stop');
      }}
      footer={footer}
    >
      <div className={`getting-started${welcome ? ' is-welcome' : ''}`}>
        {asking ? (
          <>
            <p>{asking === 'stop' ? STOP_CONFIRMATION : SKIP_CONFIRMATION}</p>
            {asking === 'skip' ? <p className="wizard-warning">{SKIP_WARNING}</p> : null}
          </>
        ) : (
          <>
            {wizard.success ? null : (
              <p className="muted wizard-progress">
                Step {wizard.step} of {STEP_COUNT}
              </p>
            )}
            <WizardStep step={wizard.step} data={wizard.data} success={wizard.success} />
          </>
        )}
      </div>
    </Dialog>
  );
}

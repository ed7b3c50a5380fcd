import { useState, type ReactNode } from 'react';
import { Tabs } from '../../components/Tabs';
import { formatMoney } from '../../lib/billing/money';
import { SETUP_DONE, STEP, type GettingStartedData } from '../../lib/rules/getting-started';
import { CARD_VERIFICATION_HOLD_CENTS } from '../../lib/schemas/billing-payments';
import { completeWizard, finishWizard, goToStep, guidedJump, startWizard } from '../../stores/getting-started';

/** One step's body: a heading, what to do and its buttons. */
function StepBody({ heading, children, actions }: { heading: string; children: ReactNode; actions: ReactNode }) {
  return (
    <section className="wizard-step" aria-label={heading}>
      <h3 className="wizard-step-heading">{heading}</h3>
      {children}
      <div className="wizard-actions">{actions}</div>
    </section>
  );
}

function Busy({ onClick, children, primary = false }: { onClick: () => unknown; children: ReactNode; primary?: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={`button${primary ? ' button-primary' : ''}`}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await onClick();
        } finally {
          setBusy(false);
        }
      }}
    >
      {children}
    </button>
  );
}

const Skip = ({ to }: { to: number }) => <Busy onClick={() => goToStep(to)}>Skip</Busy>;

const INTRO_TABS = [
  { value: 'intro', label: 'Intro' },
  { value: 'support', label: 'Support' },
] as const;

/** Step 2: the introduction, with its intro and support tabs (spec part 1, 2.8). */
function Introduction() {
  const [tab, setTab] = useState<string>('intro');
  return (
    <Tabs tabs={INTRO_TABS} value={tab} onValueChange={setTab} label="Introduction">
      {tab === 'intro' ? (
        <StepBody
          heading="How the setup goes"
          actions={
            <button type="button" className="button button-primary" onClick={() => setTab('support')}>
              Start Setup
            </button>
          }
        >
          <p>We will add a payment method, a hosting account, an IP address group with its first IP addresses, a domain group and your first domain.</p>
          <p>Each step opens the page where it is done and points at the button to use; the wizard moves on by itself once the step is done, wherever you do it.</p>
        </StepBody>
      ) : (
        <StepBody
          heading="Help along the way"
          actions={
            <Busy primary onClick={() => goToStep(STEP.paymentMethod)}>
              Next
            </Busy>
          }
        >
          <p>
            Stuck at a step? 'Need Help? Chat Now' tells our support team where you are. You can minimise the wizard at any time and reopen it from the 'Getting Started Wizard'
            button or the user menu.
          </p>
        </StepBody>
      )}
    </Tabs>
  );
}

/** The body of the wizard at `step` (spec part 1, 2.8; the step numbers of src/lib/rules/getting-started.ts). */
export function WizardStep({ step, data, success }: { step: number; data: GettingStartedData; success: boolean }) {
  if (success) {
    return (
      <StepBody
        heading={SETUP_DONE}
        actions={
          <button type="button" className="button button-primary" onClick={finishWizard}>
            Continue
          </button>
        }
      >
        <p>Your account is ready: your domains are being set up on your IP addresses.</p>
      </StepBody>
    );
  }
  switch (step) {
    case STEP.welcome:
      return (
        <StepBody
          heading="Welcome!"
          actions={
            <Busy primary onClick={startWizard}>
              Set Up My First Domain
            </Busy>
          }
        >
          <p>Let us set up your account together. It takes about 3 minutes.</p>
        </StepBody>
      );
    case STEP.introduction:
      return <Introduction />;
    case STEP.paymentMethod:
      return (
        <StepBody
          heading="Payment method"
          actions={
            <>
              <Skip to={STEP.hosting} />
              <button type="button" className="button button-primary" onClick={() => guidedJump('/billing/payment-methods', 'Add Card')}>
                Add Card
              </button>
            </>
          }
        >
          <p>Add a card to pay for your IP addresses and hosting. The card is verified with a {formatMoney(CARD_VERIFICATION_HOLD_CENTS, 'USD')} hold that is released.</p>
        </StepBody>
      );
    case STEP.hosting:
      return (
        <StepBody
          heading="Hosting account"
          actions={
            <>
              <Skip to={STEP.ipGroup} />
              <button type="button" className="button button-primary" onClick={() => guidedJump('/hosting', 'Add Hosting Account')}>
                Add Hosting Account
              </button>
            </>
          }
        >
          <p>Your domains live on a hosting account: order Shared Hosting, or add a server of your own as a custom host.</p>
        </StepBody>
      );
    case STEP.ipGroup:
      return (
        <StepBody
          heading="IP address group"
          actions={
            <>
              <Skip to={STEP.ipAddresses} />
              <button type="button" className="button button-primary" onClick={() => guidedJump('/ip-addresses', 'Add IP Group')}>
                Add IP Address Group
              </button>
            </>
          }
        >
          <p>IP addresses are kept in groups. Create the group your first IP addresses will go to.</p>
        </StepBody>
      );
    case STEP.ipAddresses:
      return (
        <StepBody
          heading="Your first IP addresses"
          actions={
            <>
              <Skip to={STEP.domainGroup} />
              <button
                type="button"
                className="button button-primary"
                onClick={() => guidedJump(data.ip_group ? `/ip-addresses/${data.ip_group}` : '/ip-addresses', 'Add IP Addresses')}
              >
                Add IP Addresses
              </button>
            </>
          }
        >
          <p>Order the IP addresses of your group. The wizard moves on once their invoice is paid.</p>
        </StepBody>
      );
    case STEP.domainGroup:
      return (
        <StepBody
          heading="Domain group"
          actions={
            <>
              <Skip to={STEP.firstDomain} />
              <button type="button" className="button button-primary" onClick={() => guidedJump('/domains', 'Add Domain Group')}>
                Add Domain Group
              </button>
            </>
          }
        >
          <p>Domains are kept in groups that use your IP addresses and a hosting account. Create your first domain group.</p>
        </StepBody>
      );
    default:
      return data.domain_info?.length ? (
        <StepBody
          heading="Summary"
          actions={
            <Busy primary onClick={completeWizard}>
              Complete
            </Busy>
          }
        >
          <p>Your first domain is on its way:</p>
          <ul className="wizard-summary">
            {data.domain_info.map((d) => (
              <li key={d.domain}>
                <strong>{d.domain}</strong> on {d.ip_address}
              </li>
            ))}
          </ul>
        </StepBody>
      ) : (
        <StepBody
          heading="Your first domain"
          actions={
            <>
              <Busy onClick={completeWizard}>Next</Busy>
              <button type="button" className="button button-primary" onClick={() => guidedJump(data.domain_group ? `/domains/${data.domain_group}` : '/domains', 'Add Domains')}>
                Add Domains
              </button>
            </>
          }
        >
          <p>Add your first domain to the group: pick an IP address and the hosting account, and we set it up.</p>
        </StepBody>
      );
  }
}

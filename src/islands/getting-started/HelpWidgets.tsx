import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { SUPPORT_WIDGET_DELAY_MS } from '../../lib/rules/getting-started';
import { $wizard } from '../../stores/getting-started';
import { navigate } from '../../stores/router';
import { $session } from '../../stores/session';

export const NO_CHAT_NOTE = 'No chat service is configured, so here are our support contacts: copy this message into your email or ticket.';

/** What to say when help is asked for; null until someone asks. */
export interface HelpRequest {
  message: string;
}

/**
 * Opens help with a message: the configured chat service in a new window, or, with none (the
 * reference API has none, spec decisions.md), the support page's contacts with the message ready
 * to copy.
 */
export function openHelp(chatUrl: string | null, message: string, show: (request: HelpRequest) => void): void {
  if (chatUrl) {
    const url = new URL(chatUrl, location.href);
    if (message) url.searchParams.set('message', message);
    window.open(url.toString(), '_blank', 'noopener');
    return;
  }
  navigate('/support');
  show({ message });
}

/** The message ready to copy, over the support page, and why it is there. */
export function HelpPanel({ request, onClose }: { request: HelpRequest; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <aside className="help-panel" aria-label="Help message">
      <p>{NO_CHAT_NOTE}</p>
      {request.message ? (
        <>
          <label className="help-panel-label" htmlFor="help-message">
            Your message
          </label>
          <textarea id="help-message" className="input" readOnly rows={3} value={request.message} />
        </>
      ) : null}
      <div className="help-panel-actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
        {request.message ? (
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              void navigator.clipboard?.writeText(request.message).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            {copied ? 'Copied' : 'Copy message'}
          </button>
        ) : null}
      </div>
    </aside>
  );
}

/**
 * The help launchers (spec part 1, 2.4): partner companies and companies with an account manager
 * get the chat launcher, hidden while the wizard shows; the others get the support help widget 5
 * seconds after load, unless the wizard is shown or minimised.
 */
export function HelpLaunchers({ chatUrl, onAsk }: { chatUrl: string | null; onAsk: (request: HelpRequest) => void }) {
  const { user } = useStore($session);
  const wizard = useStore($wizard);
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), SUPPORT_WIDGET_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!user || user.is_customer) return null;
  const chat = user.company.is_partner || user.company.account_manager !== null;
  if (chat) {
    if (wizard.modalOpen) return null;
    return (
      <button type="button" className="help-launcher" onClick={() => openHelp(chatUrl, '', onAsk)}>
        Chat with us
      </button>
    );
  }
  if (!due || wizard.running || wizard.modalOpen) return null;
  return (
    <button type="button" className="help-launcher" onClick={() => openHelp(chatUrl, '', onAsk)}>
      Help
    </button>
  );
}

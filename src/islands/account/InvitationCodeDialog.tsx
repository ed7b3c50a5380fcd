import { useStore } from '@nanostores/react';
import { Clipboard } from '@ark-ui/react/clipboard';
import { Dialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { $invitationCode, closeInvitationCode, showInvitationCode } from '../../stores/account-lists';

/** 'Get Invitation Code': a fresh, copyable code each time it opens (spec part 1, 2.6). */
export function InvitationCodeDialog() {
  const state = useStore($invitationCode);
  return (
    <Dialog
      title="Invitation Code"
      size="sm"
      open={state !== null}
      onOpenChange={(next) => (next ? void showInvitationCode() : closeInvitationCode())}
      trigger="Get Invitation Code"
      triggerVariant="primary"
      footer={
        <button type="button" className="button" onClick={closeInvitationCode}>
          Close
        </button>
      }
    >
      {state?.code ? (
        <Clipboard.Root value={state.code} className="clipboard">
          <Clipboard.Label className="field-label">Your invitation code</Clipboard.Label>
          <Clipboard.Control className="clipboard-control">
            <Clipboard.Input className="input clipboard-input" readOnly />
            <Clipboard.Trigger className="button" aria-label="Copy invitation code">
              <Clipboard.Indicator copied={<Icon name="check" />}>Copy</Clipboard.Indicator>
            </Clipboard.Trigger>
          </Clipboard.Control>
        </Clipboard.Root>
      ) : (
        <p className="muted" role="status">
          Loading...
        </p>
      )}
      <p className="alert alert-info">Your invitation code is dynamic. Make sure you check it every time you wish to share it with someone.</p>
    </Dialog>
  );
}

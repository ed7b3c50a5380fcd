import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Dialog } from '../../components/Dialog';
import { SelectField } from '../../components/form/SelectField';
import { BULK_ACTIONS, BULK_ACTION_INFO, type BulkAction } from '../../lib/schemas/bulk-actions';
import { $bulk, chooseAction, resetBulk, runBulk, toConfigure } from '../../stores/bulk-actions';
import { $permissions, can } from '../../stores/permissions';

/** Spec part 2, 7.2: installing software in bulk is offered, but disabled in the panel; it is installed per domain. */
const DISABLED_IN_PANEL: readonly BulkAction[] = ['INSTALL_SOFTWARE'];

/** The bulk-action modal (spec part 2, 4.5) for the selected ACTIVE domains of the group. */
export function BulkActionsDialog({ group, selected, onDone }: { group: string; selected: readonly string[]; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const state = useStore($bulk);
  const permissions = useStore($permissions);
  const n = selected.length;
  const allowed = (a: BulkAction) => {
    const scope = BULK_ACTION_INFO[a].scope;
    return !scope || can(scope, permissions);
  };
  const close = () => setOpen(false);

  const footer =
    state.step === 1 ? (
      <>
        <button type="button" className="button" onClick={close}>
          Cancel
        </button>
        <button type="button" className="button button-primary" onClick={() => void toConfigure(group)}>
          Next
        </button>
      </>
    ) : (
      <>
        <button type="button" className="button" onClick={() => $bulk.setKey('step', 1)} disabled={state.step === 3}>
          Back
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={state.step === 3}
          aria-busy={state.step === 3}
          onClick={() =>
            void runBulk(group, selected).then((done) => {
              if (done) {
                close();
                onDone();
              }
            })
          }
        >
          Run on {n} {n === 1 ? 'domain' : 'domains'}
        </button>
      </>
    );

  return (
    <Dialog
      title="Bulk actions"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) resetBulk();
      }}
      trigger={`Bulk actions${n ? ` (${n})` : ''}`}
      triggerDisabled={n === 0}
      footer={footer}
    >
      {state.step === 1 ? (
        <fieldset className="choice-group bulk-actions">
          <legend className="field-label">Choose an action for {n === 1 ? '1 domain' : `${n} domains`}</legend>
          {BULK_ACTIONS.filter(allowed).map((a) => (
            <label key={a} className="choice">
              <input type="radio" name="bulk-action" value={a} checked={state.action === a} disabled={DISABLED_IN_PANEL.includes(a)} onChange={() => chooseAction(a)} />
              <span>
                {BULK_ACTION_INFO[a].label}
                {DISABLED_IN_PANEL.includes(a) ? <span className="muted"> (install software from a domain's drawer)</span> : null}
              </span>
            </label>
          ))}
          {state.error ? (
            <p className="field-error" role="alert">
              {state.error}
            </p>
          ) : null}
        </fieldset>
      ) : state.action ? (
        <div className="bulk-confirm">
          <p>
            <strong>{BULK_ACTION_INFO[state.action].label}</strong> on {n === 1 ? '1 domain' : `${n} domains`}.
          </p>
          <p>{BULK_ACTION_INFO[state.action].confirm}</p>
          {state.action === 'CHANGE_GROUP' ? (
            <SelectField
              label="Destination group"
              value={state.destination}
              onValueChange={(v) => $bulk.set({ ...$bulk.get(), destination: v, error: null })}
              error={state.error ?? undefined}
            >
              <option value="">Choose a group</option>
              {state.groups.map((g) => (
                <option key={g.guid} value={g.guid}>
                  {g.name}
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

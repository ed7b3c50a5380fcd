import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Can } from '../../components/Can';
import { Confirm } from '../../components/Confirm';
import { DateTime } from '../../components/DateTime';
import { Dialog } from '../../components/Dialog';
import { Pagination } from '../../components/Pagination';
import type { FirewallVersionAnswer } from '../../lib/api/firewall';
import type { Scope } from '../../lib/rules/scopes';
import { createFirewallHistory, isNewestVersion, type FirewallHistory, type FirewallHistoryCalls } from '../../stores/firewall-history';
import '../../styles/firewall.css';

export interface HistoryDialogProps {
  /** The rule, ruleset or policy whose versions are shown. */
  guid: string;
  name: string;
  calls: FirewallHistoryCalls;
  /** The scopes that allow restoring: the tab's edit scopes (restoring is editing, docs/decisions.md "Firewall calls"). */
  restoreScopes: readonly Scope[];
  /** Reloads what shows the object elsewhere after a restore (the tab's table, the rule form). */
  onRestored?: () => Promise<void> | void;
  /** What opens the dialog: text for a plain `.button`, or an element (see Dialog). */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * The history of a firewall rule, ruleset or policy (issue 9 "History"): its versions newest
 * first with who made each, when, and the lines it removed and added; any version but the
 * current one can be restored in one step by a viewer with the edit scopes.
 */
export function HistoryDialog({ guid, name, calls, restoreScopes, onRestored, trigger, open, onOpenChange }: HistoryDialogProps) {
  return (
    <Dialog title={`History of ${name}`} size="lg" trigger={trigger} {...(open === undefined ? {} : { open })} {...(onOpenChange ? { onOpenChange } : {})}>
      <HistoryBody guid={guid} name={name} calls={calls} restoreScopes={restoreScopes} onRestored={onRestored} />
    </Dialog>
  );
}

/** Mounted while the dialog is open, so each opening reads the history afresh. */
function HistoryBody({ guid, name, calls, restoreScopes, onRestored }: Pick<HistoryDialogProps, 'guid' | 'name' | 'calls' | 'restoreScopes' | 'onRestored'>) {
  // One store per opening; the latest `onRestored` is the one called, whenever a restore settles.
  const restored = useRef(onRestored);
  useEffect(() => {
    restored.current = onRestored;
  });
  const history = useMemo(() => createFirewallHistory(guid, calls, () => restored.current?.()), [guid, calls]);
  const state = useStore(history.list.$list);
  const { answer, loading } = state;

  if (!answer) {
    return loading ? (
      <p className="muted" role="status">
        Loading...
      </p>
    ) : (
      <div className="alert alert-error" role="alert">
        The history could not be loaded.{' '}
        <button type="button" className="button button-small" onClick={() => void history.list.load()}>
          Try again
        </button>
      </div>
    );
  }
  if (!answer.data.length) return <p className="muted">No versions recorded yet.</p>;

  return (
    <div className="fw-history" aria-busy={loading}>
      <ol className="fw-history-list">
        {answer.data.map((version) => (
          <li key={version.version} className="fw-version">
            <VersionItem version={version} name={name} history={history} restoreScopes={restoreScopes} newest={isNewestVersion(state, version)} />
          </li>
        ))}
      </ol>
      <Pagination
        page={state.page}
        perPage={state.perPage}
        total={answer.total}
        onPageChange={(page) => void history.list.load(page)}
        onPerPageChange={history.list.setPageSize}
        label={`Pages of the history of ${name}`}
      />
    </div>
  );
}

function VersionItem({
  version,
  name,
  history,
  restoreScopes,
  newest,
}: {
  version: FirewallVersionAnswer;
  name: string;
  history: FirewallHistory;
  restoreScopes: readonly Scope[];
  newest: boolean;
}) {
  return (
    <>
      <div className="fw-version-head">
        <h3 className="fw-version-title">
          Version {version.version}: {version.summary}
          {newest ? <span className="muted"> (current)</span> : null}
        </h3>
        {newest ? null : (
          <Can scope={restoreScopes}>
            <Confirm
              message={`Restore version ${version.version} of ${name}?`}
              confirmLabel="Restore"
              trigger={`Restore version ${version.version}`}
              triggerSize="small"
              onConfirm={() => history.restore(version.version).then(() => undefined)}
            />
          </Can>
        )}
      </div>
      <p className="muted fw-version-meta">
        By {version.changed_by?.name ?? 'System'} on <DateTime value={version.date_created} />
      </p>
      <VersionDiff diff={version.diff} />
    </>
  );
}

/** The lines a version removed and added; the sign and a hidden word say which, not the colour alone. */
function VersionDiff({ diff }: { diff: FirewallVersionAnswer['diff'] }) {
  if (!diff.removed.length && !diff.added.length) return null;
  return (
    <ul className="fw-diff" aria-label="Changes">
      {diff.removed.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines are places in it, and two may read the same.
        <li key={`r${i}`} className="fw-diff-line fw-diff-removed">
          <span className="fw-diff-sign" aria-hidden="true">
            −
          </span>
          <span className="visually-hidden">Removed: </span>
          {line}
        </li>
      ))}
      {diff.added.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines are places in it, and two may read the same.
        <li key={`a${i}`} className="fw-diff-line fw-diff-added">
          <span className="fw-diff-sign" aria-hidden="true">
            +
          </span>
          <span className="visually-hidden">Added: </span>
          {line}
        </li>
      ))}
    </ul>
  );
}

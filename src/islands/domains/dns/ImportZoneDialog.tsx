import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Field } from '@ark-ui/react/field';
import { Dialog } from '../../../components/Dialog';
import { $import, applyZoneFile, cancelImportConfirmation, confirmImport, importQuestion, importSummary, previewZoneFile, resetImport } from '../../../stores/dns-zone';
import { ZoneDiff } from './ZoneDiff';

/**
 * Import a BIND zone file: a preview of what changes (and each line that cannot be imported)
 * before anything is applied; a file that removes more records than it adds asks first.
 */
export function ImportZoneDialog() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const state = useStore($import);
  const current = state.text === text;
  const preview = current ? state.preview : null;
  const refused = current ? state.refused : null;
  const canApply = Boolean(preview && preview.errors.length === 0 && (preview.added.length || preview.removed.length));
  const confirming = Boolean(state.confirming && preview);
  const close = () => setOpen(false);
  return (
    <Dialog
      title="Import zone file"
      size="lg"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setText('');
          resetImport();
        }
      }}
      trigger="Import"
      footer={
        confirming ? (
          <>
            <button type="button" className="button" onClick={cancelImportConfirmation} disabled={state.busy}>
              Back
            </button>
            <button type="button" className="button button-danger" disabled={state.busy} onClick={() => void confirmImport().then((done) => done && close())}>
              Apply
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button" onClick={close} disabled={state.busy}>
              Cancel
            </button>
            <button type="button" className="button" onClick={() => void previewZoneFile(text)} disabled={state.busy || !text.trim()}>
              Preview
            </button>
            <button type="button" className="button button-primary" disabled={state.busy || !canApply} onClick={() => void applyZoneFile().then((done) => done && close())}>
              Apply
            </button>
          </>
        )
      }
    >
      {confirming && preview ? (
        <div className="zone-import-confirm" role="alert">
          <p>{importQuestion(preview)}</p>
          <p className="muted">{importSummary(preview)}</p>
        </div>
      ) : (
        <>
          <Field.Root className="field">
            <Field.Label className="field-label">BIND zone file</Field.Label>
            {/* Unwrapped, so each line of the file is one line on screen, as the line numbers count them. */}
            <Field.Textarea className="input mono" rows={10} spellCheck={false} wrap="off" value={text} onChange={(e) => setText(e.target.value)} />
            <Field.HelperText className="field-hint">Records the file leaves out are removed; the SOA keeps its nameserver and email.</Field.HelperText>
          </Field.Root>
          {refused ? (
            <div className="alert alert-error zone-preview" role="status">
              <p>This text cannot be read as a zone file, so nothing can be imported from it:</p>
              <ul>
                {refused.map((sentence) => (
                  <li key={sentence}>{sentence}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {preview ? (
            <div className="zone-preview" role="status">
              {preview.errors.length ? (
                <div className="alert alert-error">
                  <p>Lines that cannot be imported:</p>
                  <ul>
                    {preview.errors.map((e) => (
                      <li key={`${e.line}-${e.message}`}>
                        Line {e.line}: {e.message}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <p>{importSummary(preview)}</p>
              <ZoneDiff label="What the import changes" removed={preview.removed} added={preview.added} />
            </div>
          ) : null}
        </>
      )}
    </Dialog>
  );
}

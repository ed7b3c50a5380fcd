import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Field } from '@ark-ui/react/field';
import { Dialog } from '../../../components/Dialog';
import { $import, applyZoneFile, previewZoneFile, resetImport } from '../../../stores/dns-zone';

/** Import a BIND zone file: a preview of what changes (and each line that cannot be imported) before anything is applied. */
export function ImportZoneDialog() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const state = useStore($import);
  const preview = state.text === text ? state.preview : null;
  const canApply = Boolean(preview && preview.errors.length === 0 && (preview.added.length || preview.removed.length));
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
      trigger={
        <button type="button" className="button">
          Import
        </button>
      }
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)} disabled={state.busy}>
            Cancel
          </button>
          <button type="button" className="button" onClick={() => void previewZoneFile(text)} disabled={state.busy || !text.trim()}>
            Preview
          </button>
          <button type="button" className="button button-primary" disabled={state.busy || !canApply} onClick={() => void applyZoneFile().then((done) => done && setOpen(false))}>
            Apply
          </button>
        </>
      }
    >
      <Field.Root className="field">
        <Field.Label className="field-label">BIND zone file</Field.Label>
        <Field.Textarea className="input mono" rows={10} value={text} onChange={(e) => setText(e.target.value)} />
        <Field.HelperText className="field-hint">Records the file leaves out are removed; the SOA keeps its nameserver and email.</Field.HelperText>
      </Field.Root>
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
          <p>
            {preview.records} records; {preview.added.length} added, {preview.removed.length} removed.
          </p>
          {preview.added.length || preview.removed.length ? (
            <pre className="zone-diff" aria-label="What the import changes">
              {preview.removed.map((l) => (
                <span key={`-${l}`} className="diff-removed">
                  - {l}
                  {'\n'}
                </span>
              ))}
              {preview.added.map((l) => (
                <span key={`+${l}`} className="diff-added">
                  + {l}
                  {'\n'}
                </span>
              ))}
            </pre>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * "Publish": what the saved file changes against git, shown as a diff, then committed to the
 * page's own branch (page/<name>, never the branch checked out) with the command that pushes it.
 * Unsaved changes are saved first. Outside a git checkout, Save was the last step and it says so.
 * The git side is src/editor/api/publish.ts.
 */
import { useState } from 'react';
import type { ChangesResponse, PublishResponse } from './types.ts';
import { postJson as post } from './use-draft.ts';
import { useModal } from './use-modal.ts';

type Step =
  | { kind: 'closed' }
  | { kind: 'loading' }
  | { kind: 'review'; changes: ChangesResponse }
  | { kind: 'publishing'; changes: ChangesResponse }
  | { kind: 'done'; result: PublishResponse }
  | { kind: 'failed'; message: string };

export interface PublishProps {
  file: string;
  /** The route, for the default commit message. */
  route: string;
  /** Saves unsaved changes first; false when the draft could not be saved (its status says why). */
  saveFirst: () => Promise<boolean>;
}

export function Publish({ file, route, saveFirst }: PublishProps) {
  const { id, dialog, opener, show, close, returnFocus } = useModal();
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [message, setMessage] = useState('');

  async function open() {
    if (!(await saveFirst())) return;
    setStep({ kind: 'loading' });
    setMessage(`Page ${route}: edited in the page editor`);
    show();
    try {
      const { status, body } = await post<ChangesResponse & { error?: string }>('/__editor/api/changes', { file });
      setStep(status === 200 ? { kind: 'review', changes: body } : { kind: 'failed', message: body.error ?? `HTTP ${status}` });
    } catch (error) {
      setStep({ kind: 'failed', message: (error as Error).message });
    }
  }

  async function commit(changes: ChangesResponse) {
    setStep({ kind: 'publishing', changes });
    try {
      const { status, body } = await post<PublishResponse>('/__editor/api/publish', { file, message });
      setStep(status === 200 ? { kind: 'done', result: body } : { kind: 'failed', message: body.error ?? `HTTP ${status}` });
    } catch (error) {
      setStep({ kind: 'failed', message: (error as Error).message });
    }
  }

  const changes = step.kind === 'review' || step.kind === 'publishing' ? step.changes : undefined;
  return (
    <>
      <button type="button" ref={opener} className="editor__button" onClick={() => void open()}>
        Publish…
      </button>
      <dialog
        ref={dialog}
        className="editor-publish"
        aria-labelledby={`${id}-title`}
        onClose={() => {
          setStep({ kind: 'closed' });
          returnFocus();
        }}
      >
        <h2 id={`${id}-title`}>Publish {file}</h2>
        <div role="status">
          {step.kind === 'loading' && <p>Comparing the saved file with git…</p>}
          {changes && !changes.git && (
            <p>This folder is not a git checkout: the file is saved, and Save is the last step here. Commit it as you usually do.</p>
          )}
          {changes?.git && !changes.diff && (
            <p>
              Nothing to publish: {changes.path} on {changes.branch} is already what is saved.
            </p>
          )}
          {step.kind === 'done' && (
            <>
              <p>
                Committed {step.result.commit?.slice(0, 7)} to branch <code>{step.result.branch}</code> (only{' '}
                {step.result.files?.join(', ')}
                ). The branch checked out and your working copy are as they were.
              </p>
              <p>
                Next: <code>{step.result.push}</code>, then open a pull request from <code>{step.result.branch}</code>.
              </p>
            </>
          )}
          {step.kind === 'failed' && <p className="editor-publish__error">{step.message}</p>}
        </div>
        {changes?.git && changes.diff && (
          <>
            <p>
              The change to <code>{changes.path}</code>, committed to branch <code>{changes.branch}</code> (on top of{' '}
              <code>{changes.base}</code>; the branch checked out is not touched):
            </p>
            {/* Scrolls: the keyboard must reach it (axe scrollable-region-focusable). */}
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
            <pre className="editor-publish__diff" aria-label={`Changes to ${changes.path}`} tabIndex={0}>
              {changes.diff.split('\n').map((line, index) => (
                <span
                  key={index}
                  className={
                    line.startsWith('+') && !line.startsWith('+++')
                      ? 'is-added'
                      : line.startsWith('-') && !line.startsWith('---')
                        ? 'is-removed'
                        : undefined
                  }
                >
                  {line}
                  {'\n'}
                </span>
              ))}
            </pre>
            <p>
              <label htmlFor={`${id}-message`}>Commit message</label>
              <input id={`${id}-message`} type="text" value={message} onChange={(event) => setMessage(event.target.value)} />
            </p>
          </>
        )}
        <div className="editor-publish__actions">
          {changes?.git && changes.diff && (
            <button
              type="button"
              className="editor__button editor__button--primary"
              disabled={step.kind === 'publishing' || !message.trim()}
              onClick={() => void commit(changes)}
            >
              Commit to {changes.branch}
            </button>
          )}
          <button type="button" className="editor__button" onClick={close}>
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}

/**
 * "Publish": what the saved file changes against git, in words and as a diff, then committed to the
 * page's own branch (page/<name>, never the branch checked out) and pushed to the configured
 * remote, with the review link when one is configured. The working copy is then as it was before
 * the page was created or edited: the page lives on its branch, under review, and closing the
 * dialog goes back to all pages (the draft here is what was published, no longer what is on disk).
 * Unsaved changes are saved first. Outside a git checkout, Save was the last step and it says so.
 * The git side is src/editor/api/publish.ts.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ChangesResponse, PublishResponse, PushResult } from './types.ts';
import { describeChange } from './change-summary.ts';
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
  /** Told once the commit is made: the file on disk then goes back as it was, which the editor must not take for a conflict. */
  onPublished: (result: PublishResponse) => void;
}

export function Publish({ file, route, saveFirst, onPublished }: PublishProps) {
  const { id, dialog, opener, show, close, returnFocus } = useModal();
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [message, setMessage] = useState('');
  const navigate = useNavigate();

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
      if (status === 200) onPublished(body);
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
          // Published: the page is on its branch, the working copy as it was; this draft is neither.
          if (step.kind === 'done') return void navigate('/__editor');
          setStep({ kind: 'closed' });
          returnFocus();
        }}
      >
        <h2 id={`${id}-title`}>Publish {file}</h2>
        <div role="status">
          {step.kind === 'loading' && <p>Comparing the saved file with git…</p>}
          {step.kind === 'publishing' && (
            <p>Committing{step.changes.git && step.changes.remote ? ` and pushing to ${step.changes.remote}` : ''}…</p>
          )}
          {changes && !changes.git && (
            <p>This folder is not a git checkout: the file is saved, and Save is the last step here. Commit it as you usually do.</p>
          )}
          {changes?.git && !changes.diff && (
            <p>
              Nothing to publish: {changes.path} on {changes.branch} is already what is saved.
            </p>
          )}
          {step.kind === 'done' && <Published result={step.result} file={file} />}
          {step.kind === 'failed' && <p className="editor-publish__error">{step.message}</p>}
        </div>
        {changes?.git && changes.diff && (
          <>
            <p>
              The change to <code>{changes.path}</code>, committed to branch <code>{changes.branch}</code> (on top of{' '}
              <code>{changes.base}</code>; the branch checked out is not touched)
              {changes.remote ? (
                <>
                  {' '}
                  and pushed to <code>{changes.remote}</code>
                </>
              ) : (
                ''
              )}
              :
            </p>
            <ChangeSummary changes={changes} />
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
              {changes.remote ? ` and push to ${changes.remote}` : ''}
            </button>
          )}
          {step.kind === 'done' ? (
            <button type="button" className="editor__button editor__button--primary" onClick={close}>
              Back to all pages
            </button>
          ) : (
            <button type="button" className="editor__button" onClick={close}>
              Close
            </button>
          )}
        </div>
      </dialog>
    </>
  );
}

/** What a Publish did: the commit, the working copy, the push and the review link, or how to push by hand. */
function Published({ result, file }: { result: PublishResponse; file: string }) {
  const { branch, commit, files, workingCopy, checkedOut, push } = result;
  return (
    <>
      <p>
        Committed {commit?.slice(0, 7)} to branch <code>{branch}</code> (only {files?.join(', ')}).
      </p>
      {push && <Pushed push={push} branch={branch ?? ''} />}
      {result.preview && (
        <p>
          <a href={result.preview} target="_blank" rel="noreferrer">
            See the page as published
          </a>{' '}
          (the editor&apos;s preview of what branch <code>{branch}</code> now has, with live content).
        </p>
      )}
      <p>
        {workingCopy === 'kept' ? (
          <>{file} changed while it was being published: your working copy keeps that newer version, which is not published.</>
        ) : (
          <>
            The page now lives on its branch, under review.{' '}
            {workingCopy === 'removed' ? (
              <>
                Your working copy is as it was before the page was created: {file} is no longer in it. To change the page again, check out{' '}
                <code>{branch}</code>.
              </>
            ) : (
              <>
                Your working copy is as it was: {file} is back to what {checkedOut} has. To change the page again, open it here (it shows{' '}
                {checkedOut}’s version), edit and publish again: only your new change goes on top of <code>{branch}</code>.
              </>
            )}
          </>
        )}
      </p>
    </>
  );
}

function Pushed({ push, branch }: { push: PushResult; branch: string }) {
  if (push.outcome === 'pushed')
    return (
      <p>
        Pushed <code>{branch}</code> to <code>{push.remote}</code>.{' '}
        {push.review ? (
          <a href={push.review} target="_blank" rel="noreferrer">
            Open the review of {branch}
          </a>
        ) : (
          <>
            Then ask for its review the way your team does (for example a pull request from {branch}); the page goes live once it is merged
            and deployed.
          </>
        )}
      </p>
    );
  if (push.outcome === 'no-remote')
    return (
      <p>
        Not pushed: this checkout has no remote named <code>{push.remote}</code>, so the branch is only on this computer. To share it, run{' '}
        <code>git remote add {push.remote} &lt;address of the shared repository&gt;</code>, then <code>{push.command}</code>.
      </p>
    );
  return (
    <>
      <p className="editor-publish__error">
        Not pushed to <code>{push.remote}</code>; the commit is safe on branch <code>{branch}</code> on this computer. git said:
      </p>
      <pre className="editor-publish__said">{push.message}</pre>
      <p>
        Push it by hand once that is fixed: <code>{push.command}</code>.
      </p>
    </>
  );
}

/** The change in words (./change-summary.ts), for whoever reviews it here; the diff below has every byte. */
function ChangeSummary({ changes }: { changes: Extract<ChangesResponse, { git: true }> }) {
  const lines = describeChange(changes.before, changes.after);
  if (!lines.length) return null;
  return (
    <ul className="editor-publish__summary" aria-label="What changes">
      {lines.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}

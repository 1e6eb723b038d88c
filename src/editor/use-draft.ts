/**
 * The editor's conversation with the development server (src/editor/api/api.ts): every change of the
 * draft is checked by the same validator as `npm run validate` and kept for the preview (debounced),
 * and saving writes the file unless it changed on disk. The unsaved draft is also kept in
 * sessionStorage, so a reload of the tab loses nothing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFINITIONS_CHANGED } from '../dev-events.ts';
import { withoutNewItems } from './pending.ts';
import type {
  DefinitionDraft,
  DraftResponse,
  EditorSession,
  FieldInfo,
  EditorIssue,
  OfferedList,
  PublishResponse,
  SaveResponse,
} from './types.ts';

const CHECK_DELAY_MS = 250;

export type SaveState =
  | { kind: 'clean' }
  | { kind: 'dirty' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  /** Committed to the page's branch (and pushed): the working copy went back as it was, on purpose. */
  | { kind: 'published'; branch: string; remote?: string }
  | { kind: 'invalid'; count: number }
  | { kind: 'conflict'; message: string }
  | { kind: 'failed'; message: string };

/** A JSON POST to the editor's API: the status and the parsed answer. */
export async function postJson<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}

export const storageKey = (file: string) => `page-editor:${file}`;

export interface DraftSync {
  draftId?: string;
  issues: EditorIssue[];
  /** What `npm run validate` warns about: told, never a reason to refuse a Save. */
  warnings: EditorIssue[];
  fields: FieldInfo[];
  offeredLists: OfferedList[];
  previewPath: string;
  /** The text a save would write. */
  text: string;
  checking: boolean;
  /** Writes the draft; true when it is on disk (false: refused or failed, `saveState` says why). */
  save: (anyway?: boolean) => Promise<boolean>;
  saveState: SaveState;
  /** The file exists: false for a new page until its first Save. */
  onDisk: boolean;
  /** The server could not be reached or refused the draft. */
  error?: string;
  /** Publish is done: the file on disk went back to the branch checked out, which is no conflict of this draft. */
  published: (result: PublishResponse) => void;
}

export function useDraftSync(session: EditorSession, draft: DefinitionDraft | undefined): DraftSync {
  const [result, setResult] = useState<
    Pick<DraftSync, 'draftId' | 'issues' | 'warnings' | 'fields' | 'offeredLists' | 'previewPath' | 'text'>
  >({
    issues: session.issues,
    warnings: session.warnings,
    fields: session.fields,
    offeredLists: session.offeredLists,
    previewPath: session.previewPath,
    text: session.text,
  });
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string>();
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'clean' });
  const [onDisk, setOnDisk] = useState(session.mtimeMs !== 0);
  const mtime = useRef(session.mtimeMs);
  const saved = useRef(JSON.stringify(session.definition));
  const latest = useRef(0);
  const saving = useRef(false);
  // Published: the file on disk was put back (removed, or the checked-out version) by Publish itself.
  const publishedRef = useRef(false);
  // Items just added and still empty are left out of the checked and previewed draft (./pending.ts)
  // until a Save: from then on the whole draft is checked, until another empty item is added.
  const whole = useRef(false);
  const newItems = useRef(0);
  // A definition changed on disk (the dev server says so): the draft is checked again, so a change
  // of this very file is told at once, not only when Save is refused.
  const [diskChanges, setDiskChanges] = useState(0);
  useEffect(() => {
    const hot = import.meta.hot;
    if (!hot) return;
    const changed = () => setDiskChanges((count) => count + 1);
    hot.on(DEFINITIONS_CHANGED, changed);
    return () => hot.off(DEFINITIONS_CHANGED, changed);
  }, []);

  useEffect(() => {
    if (!draft) return;
    const serial = JSON.stringify(draft);
    const dirty = serial !== saved.current;
    if (dirty) sessionStorage.setItem(storageKey(session.file), JSON.stringify({ mtimeMs: mtime.current, draft }));
    else sessionStorage.removeItem(storageKey(session.file));
    setSaveState((state) =>
      dirty
        ? state.kind === 'conflict'
          ? state
          : { kind: 'dirty' }
        : state.kind === 'saved' || state.kind === 'published'
          ? state
          : { kind: 'clean' },
    );
    const request = ++latest.current;
    setChecking(true);
    const pending = withoutNewItems(draft);
    if (pending.left > newItems.current) whole.current = false;
    newItems.current = pending.left;
    const definition = whole.current ? draft : pending.draft;
    const timer = setTimeout(() => {
      postJson<DraftResponse & { error?: string }>('/__editor/api/draft', { file: session.file, definition, mtimeMs: mtime.current })
        .then(({ status, body }) => {
          if (request !== latest.current) return;
          if (status !== 200) throw new Error(body.error ?? `HTTP ${status}`);
          const { conflict, diskMtimeMs, ...checked } = body;
          setResult(checked);
          setError(undefined);
          // Not when the time on disk is that of a save of this editor that answered meanwhile
          // (its own write is what the dev server announced), nor while a save is on its way.
          // Nor after a Publish, which put the file back itself.
          if (conflict && diskMtimeMs !== mtime.current && !saving.current && !publishedRef.current)
            setSaveState({ kind: 'conflict', message: conflict });
        })
        .catch((e: unknown) => request === latest.current && setError(`The draft could not be checked: ${(e as Error).message}`))
        .finally(() => request === latest.current && setChecking(false));
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, session.file, diskChanges]);

  const save = useCallback(
    async (anyway = false): Promise<boolean> => {
      if (!draft) return false;
      setSaveState({ kind: 'saving' });
      saving.current = true;
      whole.current = true;
      try {
        const { status, body } = await postJson<SaveResponse>('/__editor/api/save', {
          file: session.file,
          definition: draft,
          mtimeMs: mtime.current,
          anyway,
        });
        if (status === 200 && body.saved) {
          mtime.current = body.mtimeMs ?? mtime.current;
          saved.current = JSON.stringify(draft);
          sessionStorage.removeItem(storageKey(session.file));
          setSaveState({ kind: 'saved', at: new Date() });
          setOnDisk(true);
          if (body.issues)
            setResult((r) => ({ ...r, issues: body.issues ?? [], warnings: body.warnings ?? r.warnings, text: body.text ?? r.text }));
          return true;
        } else if (status === 409)
          setSaveState({ kind: 'conflict', message: body.error ?? 'The file changed on disk since you opened it.' });
        else if (status === 422) {
          setSaveState({ kind: 'invalid', count: body.issues?.length ?? 0 });
          // What Save found, an item left empty included, shows at its fields.
          if (body.issues) setResult((r) => ({ ...r, issues: body.issues ?? [] }));
        } else setSaveState({ kind: 'failed', message: body.error ?? `HTTP ${status}` });
      } catch (e) {
        setSaveState({ kind: 'failed', message: (e as Error).message });
      } finally {
        saving.current = false;
      }
      return false;
    },
    [draft, session.file],
  );

  const published = useCallback((done: PublishResponse) => {
    if (!done.branch) return;
    publishedRef.current = true;
    setSaveState({ kind: 'published', branch: done.branch, remote: done.push?.outcome === 'pushed' ? done.push.remote : undefined });
  }, []);

  return { ...result, checking, save, saveState, onDisk, error, published };
}

/** An unsaved draft of this file kept by an earlier visit of the tab, if the file has not changed since. */
export function storedDraft(session: EditorSession): DefinitionDraft | undefined {
  try {
    const raw = sessionStorage.getItem(storageKey(session.file));
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as { mtimeMs: number; draft: DefinitionDraft };
    return stored.mtimeMs === session.mtimeMs ? stored.draft : undefined;
  } catch {
    return undefined;
  }
}

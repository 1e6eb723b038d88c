/**
 * The page editor of one definition file (/__editor/<name>): outline on the left, live preview in
 * the middle, the selected section's (or the page's) properties on the right, and the validator's
 * problems above the outline. It fits the window: the bar stays, each pane scrolls on its own, and
 * nothing coming or going (problems, hints, the status) moves the preview. Everything the visitor
 * would see comes from the real renderer (the preview frame); everything saved is the definition
 * file, formatted like the repository's.
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useReducer, useRef, useState, type CSSProperties } from 'react';
import { AddBlock } from './add-block.tsx';
import { withAdvice } from './advice.ts';
import { inlineTarget, withTextAt } from './inline.ts';
import { OfferedListsContext, type OfferedLists } from './offered-lists.ts';
import { Outline } from './outline.tsx';
import { PageSettings } from './page-form.tsx';
import { Problems } from './problems.tsx';
import { Publish } from './publish.tsx';
import { SectionProps } from './props-form.tsx';
import { editorReducer, initialState } from './state.ts';
import type { LeftOutSection } from '../engine/page-data.ts';
import type { DefinitionDraft, EditorSession, PreviewMessage } from './types.ts';
import { storedDraft, useDraftSync, type SaveState } from './use-draft.ts';

const WIDTHS = {
  desktop: { label: 'Desktop', px: 1280 },
  tablet: { label: 'Tablet', px: 768 },
  mobile: { label: 'Mobile', px: 390 },
  custom: { label: 'Custom', px: 1024 },
} as const;
type Width = keyof typeof WIDTHS;
/** The narrowest and widest custom width (the site is checked from 320 px). */
const CUSTOM = { min: 320, max: 2560 } as const;

function statusText(state: SaveState, issues: number, checking: boolean): string {
  switch (state.kind) {
    case 'saving':
      return 'Saving…';
    case 'saved':
      return `Saved at ${state.at.toLocaleTimeString()}.`;
    case 'published':
      return `Published: committed to ${state.branch}${state.remote ? ` and pushed to ${state.remote}` : ''}. The page now lives on its branch, under review.`;
    case 'invalid':
      return `Not saved: ${state.count} problem${state.count === 1 ? '' : 's'}. Fix them, or choose "Save anyway" (the file then fails npm run validate).`;
    case 'conflict':
      return state.message;
    case 'failed':
      return `Not saved: ${state.message}`;
    case 'dirty':
      return checking ? 'Unsaved changes (checking…)' : `Unsaved changes${issues ? `, ${issues} problem${issues === 1 ? '' : 's'}` : ''}.`;
    default:
      return '';
  }
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** The toolbar's word on the draft: checking, its problems, or valid (with its warnings and the sections the page leaves out). */
function stateText(checking: boolean, problems: number, warnings: number, notShown: number): string {
  if (checking) return 'Checking…';
  if (problems) return count(problems, 'problem');
  const parts = ['Valid'];
  if (warnings) parts.push(count(warnings, 'warning'));
  if (notShown) parts.push(`${count(notShown, 'section')} not shown (see the preview)`);
  return parts.join(', ');
}

/** The preview pane's size, to fit the frame in it: a page at 1280 px is shown scaled down, not cut. */
function useFrameBox() {
  const [size, setSize] = useState<{ width: number; height: number }>();
  const observer = useRef<ResizeObserver>(null);
  const ref = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!element) return;
    observer.current = new ResizeObserver(([entry]) => setSize({ width: entry.contentRect.width, height: entry.contentRect.height }));
    observer.current.observe(element);
  }, []);
  return [ref, size] as const;
}

function frameStyle(px: number, box: { width: number; height: number } | undefined): CSSProperties {
  const scale = box ? Math.min(1, box.width / px) : 1;
  const height = box ? Math.round(box.height / scale) : undefined;
  return { width: px, height, transform: scale < 1 ? `scale(${scale})` : undefined };
}

export function EditorApp({ session, definition }: { session: EditorSession; definition: DefinitionDraft }) {
  const [state, dispatch] = useReducer(editorReducer, definition, initialState);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    // An unsaved draft of this tab (reload, crash) comes back; undo is not needed to get it.
    const stored = storedDraft(session);
    if (stored) {
      dispatch({ type: 'restore', draft: stored });
      // sessionStorage exists only after hydration: the server rendered the file as on disk.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setRestored(true);
    }
  }, [session]);
  const sync = useDraftSync(session, state.draft);
  // Beside each field, a broken binding says what caused it (a source changed since the page was opened).
  const issues = useMemo(
    () => withAdvice(sync.issues, state.draft, definition, session.blocks),
    [sync.issues, state.draft, definition, session.blocks],
  );
  const [width, setWidth] = useState<Width>('desktop');
  const [customPx, setCustomPx] = useState<number>(WIDTHS.custom.px);
  const framePx = width === 'custom' ? customPx : WIDTHS[width].px;
  const [previewPath, setPreviewPath] = useState<string>();
  const frame = useRef<HTMLIFrameElement>(null);
  // What the preview's page leaves out (it says so on each load), by definition position.
  const [leftOut, setLeftOut] = useState<LeftOutSection[]>([]);
  const [measure, boxSize] = useFrameBox();
  const selectedPosition = state.selected.kind === 'section' ? state.selected.index : undefined;
  // Another section's properties start at their top (the pane kept the previous one's scroll).
  const propsPane = useRef<HTMLElement>(null);
  const shownProps = state.selected.kind === 'section' ? state.keys[state.selected.index] : 'page';
  useEffect(() => {
    if (propsPane.current) propsPane.current.scrollTop = 0;
  }, [shownProps]);

  // A list of another source chosen in the properties: its source goes in with the section's change.
  const takenSources = useRef<Record<string, { path: string }>>({});
  const offered = useMemo<OfferedLists>(
    () => ({
      lists: sync.offeredLists,
      take: (list) => {
        takenSources.current[list.source.name] = { path: list.source.path };
      },
    }),
    [sync.offeredLists],
  );

  // What a double-click in the preview found (inline editing): said beside the preview, until Save.
  const [inlineNote, setInlineNote] = useState('');
  // While a text is edited in place, the preview keeps the page it shows: a newer draft (a change
  // made just before the double-click, checked 250 ms later) loads once the edit is over, not under
  // the marketer's typing (the page was replaced and the keys went to it).
  const [editingInline, setEditingInline] = useState(false);
  const [shownDraftId, setShownDraftId] = useState(sync.draftId);
  if (!editingInline && shownDraftId !== sync.draftId) setShownDraftId(sync.draftId);
  const save = (anyway = false) => {
    setInlineNote('');
    return sync.save(anyway);
  };
  const onPreviewMessage = useEffectEvent((message: PreviewMessage) => {
    if (message.type === 'editor:select') dispatch({ type: 'select', selection: { kind: 'section', index: message.position } });
    if (message.type === 'editor:left-out') setLeftOut(message.sections);
    if (message.type === 'editor:inline') {
      const section = state.draft.sections[message.position];
      if (!section) return;
      dispatch({ type: 'select', selection: { kind: 'section', index: message.position } });
      const target = inlineTarget(section, message.text, message.shownAt);
      if (target.kind === 'fixed') {
        setEditingInline(true);
        setInlineNote('Editing in the preview: Enter keeps the text, Escape leaves it as it was.');
        frame.current?.contentWindow?.postMessage(
          { type: 'editor:inline-open', position: message.position, pointer: target.pointer } satisfies PreviewMessage,
          window.location.origin,
        );
      } else if (target.kind === 'bound')
        setInlineNote(
          `That text comes from content (${target.pointer.slice(1)} is bound): change its binding in the properties, or switch it to a fixed value there.`,
        );
      else setInlineNote('That text is not one fixed text of the section: change it in the properties.');
    }
    if (message.type === 'editor:inline-commit') {
      const section = state.draft.sections[message.position];
      if (!section) return;
      dispatch({ type: 'set-section', index: message.position, section: withTextAt(section, message.pointer, message.value) });
      setInlineNote('');
    }
    if (message.type === 'editor:inline-end') {
      setEditingInline(false);
      setInlineNote('');
    }
  });
  useEffect(() => {
    const onMessage = (event: MessageEvent<PreviewMessage>) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow || !event.data?.type) return;
      onPreviewMessage(event.data);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  const highlight = () =>
    frame.current?.contentWindow?.postMessage(
      { type: 'editor:highlight', position: selectedPosition } satisfies PreviewMessage,
      window.location.origin,
    );
  useEffect(highlight, [selectedPosition]);
  // Where the preview was scrolled to: the next draft of the same URL loads there, not at the top
  // (each edit made the marketer find their place again).
  const previewScroll = useRef<{ path: string; y: number }>(undefined);
  const keepScroll = (shown: string) => {
    const view = frame.current?.contentWindow;
    if (!view) return;
    const kept = previewScroll.current;
    if (kept?.path === shown && kept.y > 0) view.scrollTo({ top: kept.y, behavior: 'instant' });
    view.addEventListener('scroll', () => (previewScroll.current = { path: shown, y: view.scrollY }), { passive: true });
  };

  // Ctrl/Cmd+S saves, wherever the focus is (the browser would save the editor's HTML instead).
  const onSaveKey = useEffectEvent((event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 's') return;
    event.preventDefault();
    if (sync.saveState.kind !== 'saving') void save();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onSaveKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  useEffect(() => {
    const dirty = !['clean', 'saved', 'published'].includes(sync.saveState.kind);
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [sync.saveState.kind]);

  const path = previewPath ?? sync.previewPath;
  const issueCount = (index: number) =>
    sync.issues.filter((i) => i.pointer.startsWith(`/sections/${index}/`) || i.pointer === `/sections/${index}`).length;
  const selectedSection = state.selected.kind === 'section' ? state.draft.sections[state.selected.index] : undefined;
  const status = statusText(sync.saveState, sync.issues.length, sync.checking);

  return (
    <div className="editor">
      <header className="editor__bar">
        <h1 className="editor__title">
          <a href="/__editor">Page editor</a>: {session.name}
        </h1>
        <p className="editor__state">{stateText(sync.checking, sync.issues.length, sync.warnings.length, leftOut.length)}</p>
        <div className="editor__actions">
          <button
            type="button"
            className="editor__button editor__button--primary"
            onClick={() => void save()}
            disabled={sync.saveState.kind === 'saving'}
            aria-keyshortcuts="Control+S Meta+S"
          >
            Save
          </button>
          <Publish
            file={session.name}
            route={Array.isArray(state.draft.route) ? String(state.draft.route[0] ?? '') : String(state.draft.route ?? session.name)}
            // A new page is saved first too: there is nothing on disk to publish before its first Save.
            saveFirst={() =>
              sync.onDisk && (sync.saveState.kind === 'clean' || sync.saveState.kind === 'saved') ? Promise.resolve(true) : sync.save()
            }
            onPublished={sync.published}
          />
          {sync.issues.length > 0 && (
            <button type="button" className="editor__button" onClick={() => void save(true)} disabled={sync.saveState.kind === 'saving'}>
              Save anyway
            </button>
          )}
        </div>
        <p className="editor__status" role="status">
          {sync.onDisk ? '' : 'New page: it is not on disk and not served until you save it. '}
          {restored && sync.saveState.kind === 'dirty'
            ? 'Unsaved changes from your last visit were restored (Undo goes back to the file on disk). '
            : ''}
          {status}
          {sync.saveState.kind === 'conflict' && (
            <>
              {' '}
              <a href={`/__editor/${session.name}`}>Reload from disk</a> (discards the changes made here).
            </>
          )}
          {sync.error ? ` ${sync.error}` : ''}
        </p>
      </header>

      <div className="editor__panes">
        <div className="editor__outline">
          <Problems issues={sync.issues} warnings={sync.warnings} onSelect={(selection) => dispatch({ type: 'select', selection })} />
          <Outline
            state={state}
            dispatch={dispatch}
            blocks={session.blocks}
            issueCount={issueCount}
            notShown={(index) => leftOut.find((section) => section.position === index)?.reason}
          />
          <AddBlock
            blocks={session.blocks}
            onAdd={(block) => dispatch({ type: 'add', section: { block: block.name, ...structuredClone(block.fixture) } })}
          />
        </div>

        <section className="editor__preview" aria-labelledby="editor-preview">
          <h2 id="editor-preview" className="editor__pane-title">
            Preview
          </h2>
          <div className="editor__preview-bar">
            <div role="group" aria-label="Preview width">
              {(Object.keys(WIDTHS) as Width[]).map((key) => (
                <button key={key} type="button" className="editor__button" aria-pressed={width === key} onClick={() => setWidth(key)}>
                  {key === 'custom' ? WIDTHS[key].label : `${WIDTHS[key].label} (${WIDTHS[key].px})`}
                </button>
              ))}
            </div>
            {width === 'custom' && (
              <label className="editor__preview-custom">
                Width (px){' '}
                <input
                  type="number"
                  min={CUSTOM.min}
                  max={CUSTOM.max}
                  step={1}
                  defaultValue={customPx}
                  // Applied once it is a width in range (typing 1, 10, 102, 1024 passes through others).
                  onChange={(event) => {
                    const px = Number(event.target.value);
                    if (Number.isInteger(px) && px >= CUSTOM.min && px <= CUSTOM.max) setCustomPx(px);
                  }}
                />
              </label>
            )}
            <p className="editor__preview-note" role="status">
              {inlineNote || 'Click a section to select it; double-click a text to edit it in place.'}
            </p>
            <label className="editor__preview-path">
              Preview URL <input value={path} onChange={(e) => setPreviewPath(e.target.value)} spellCheck={false} />
            </label>
          </div>
          <div className="editor__frame-box" ref={measure}>
            {shownDraftId ? (
              <iframe
                ref={frame}
                title={`Preview of ${path} (${WIDTHS[width].label.toLowerCase()}, ${framePx} px)`}
                className="editor__frame"
                style={frameStyle(framePx, boxSize)}
                src={`/__preview/${shownDraftId}${path.startsWith('/') ? path : `/${path}`}`}
                onLoad={() => {
                  // A page loaded (another preview path): no edit in place is open in it.
                  if (editingInline) {
                    setEditingInline(false);
                    setInlineNote('');
                  }
                  keepScroll(path);
                  highlight();
                }}
              />
            ) : (
              <p>Preparing the preview…</p>
            )}
          </div>
        </section>

        <aside ref={propsPane} className="editor__props" aria-label="Properties">
          {state.selected.kind === 'page' || !selectedSection ? (
            <PageSettings
              draft={state.draft}
              pageSchema={session.pageSchema}
              endpoints={session.endpoints}
              fields={sync.fields}
              issues={issues}
              onChange={(draft) => dispatch({ type: 'set-page', draft, at: Date.now() })}
            />
          ) : (
            <OfferedListsContext value={offered}>
              <SectionProps
                key={state.keys[state.selected.kind === 'section' ? state.selected.index : 0]}
                section={selectedSection}
                index={selectedPosition ?? 0}
                block={session.blocks.find((b) => b.name === selectedSection.block)}
                fields={sync.fields}
                issues={issues}
                onChange={(section) => {
                  const sources = takenSources.current;
                  takenSources.current = {};
                  dispatch({ type: 'set-section', index: selectedPosition ?? 0, section, at: Date.now(), sources });
                }}
              />
            </OfferedListsContext>
          )}
        </aside>
      </div>
    </div>
  );
}

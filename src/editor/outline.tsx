/**
 * The editor's outline: page settings, then the sections in order. Select, reorder (buttons,
 * Alt+Arrow keys, drag and drop), duplicate, delete, undo and redo; every change is announced.
 * Adding is AddBlock's (add-block.tsx), mounted beside it.
 */
import { useEffect, useEffectEvent, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { EditorAction, EditorState } from './state.ts';
import type { BlockInfo, SectionDraft } from './types.ts';

export interface OutlineProps {
  state: EditorState;
  dispatch: (action: EditorAction) => void;
  blocks: BlockInfo[];
  /** Problems of the section at this index (a badge when above 0). */
  issueCount?: (index: number) => number;
  /** Why the preview does not show the section at this index (undefined: it is shown). */
  notShown?: (index: number) => string | undefined;
}

const SUMMARY_LENGTH = 40;
// Props that usually tell sections of one block apart, tried first; then any other except these.
const TELLING = ['heading', 'title', 'name', 'label', 'eyebrow', 'text', 'html'];
const UNTELLING = new Set(['block', 'id', 'variant', 'size', 'columns', 'align', 'theme', 'image', 'imageMobile', 'icon', 'href', 'url']);

function describeValue(value: unknown, depth: number): string | undefined {
  // HTML props read as their text.
  if (typeof value === 'string') return value.replace(/<[^>]*>|\s+/g, ' ').trim() || undefined;
  if (!value || typeof value !== 'object' || Array.isArray(value) || depth > 2) return undefined;
  const node = value as Record<string, unknown>;
  const path = Array.isArray(node.$bind) ? node.$bind[0] : (node.$bind ?? node.$template ?? node.$switch ?? node.$count);
  if (typeof path === 'string') return `← ${path}`;
  return '$each' in node ? undefined : summarize(node, depth + 1);
}

function summarize(props: Record<string, unknown>, depth: number): string | undefined {
  const names = [
    ...TELLING.filter((name) => name in props),
    ...Object.keys(props).filter((n) => !TELLING.includes(n) && !UNTELLING.has(n)),
  ];
  for (const name of names) {
    const text = describeValue(props[name], depth);
    if (text) return text;
  }
}

/** A short line for a section: its first telling text ("What drives us") or binding ("← page.page_data.name"). */
export function sectionSummary(section: SectionDraft): string {
  const text = summarize(section, 0) ?? '';
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1).trimEnd()}…` : text;
}

/** A new section from a block: its fixture props (a copy), `block` first as in the files. */
export const sectionFromBlock = (block: BlockInfo): SectionDraft =>
  Object.assign({ block: block.name }, structuredClone(block.fixture), { block: block.name });

/** Keys inside these keep their native meaning (text undo while typing, the open dialog). */
const ownsKeys = (target: EventTarget | null) =>
  target instanceof Element &&
  Boolean(target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"]), dialog[open]'));

type Part = 'select' | 'up' | 'down';
type FocusRequest = { index: number; part: Part } | { to: 'page' | 'undo' | 'redo' };
type Drag = { from: number; over?: number; edge?: 'before' | 'after' };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const HISTORY_BUTTONS = [
  { direction: 'undo', label: 'Undo', keys: 'Control+Z Meta+Z' },
  { direction: 'redo', label: 'Redo', keys: 'Control+Shift+Z Meta+Shift+Z Control+Y' },
] as const;

export function Outline({ state, dispatch, blocks, issueCount, notShown }: OutlineProps) {
  const headingId = useId();
  const list = useRef<HTMLOListElement>(null);
  const pageButton = useRef<HTMLButtonElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const redoButton = useRef<HTMLButtonElement>(null);
  // A fresh object per request, so the effect runs once after the change has rendered.
  const [focusRequest, setFocusRequest] = useState<FocusRequest>();
  const [message, setMessage] = useState({ text: '', count: 0 });
  const [drag, setDrag] = useState<Drag>();
  const sections = state.draft.sections ?? [];
  const { selected } = state;
  const canUndo = state.past.length > 0;
  const canRedo = state.future.length > 0;
  const blockOf = (index: number) => sections[index]?.block ?? 'section';

  useEffect(() => {
    if (!focusRequest) return;
    let target: HTMLButtonElement | null | undefined;
    if ('to' in focusRequest) target = { page: pageButton, undo: undoButton, redo: redoButton }[focusRequest.to].current;
    else {
      const row = list.current?.children[focusRequest.index];
      const wanted = row?.querySelector<HTMLButtonElement>(`[data-part="${focusRequest.part}"]`);
      // A move button at the end of the list is disabled: the row itself keeps the focus.
      target = wanted && !wanted.disabled ? wanted : row?.querySelector<HTMLButtonElement>('[data-part="select"]');
    }
    (target ?? pageButton.current)?.focus();
  }, [focusRequest]);

  const act = (action: EditorAction, text: string, focus?: FocusRequest) => {
    dispatch(action);
    setMessage((previous) => ({ text, count: previous.count + 1 }));
    if (focus) setFocusRequest(focus);
  };
  const move = (from: number, to: number, part: Part) => {
    if (from === to || to < 0 || to >= sections.length) return;
    act({ type: 'move', from, to }, `Moved ${blockOf(from)} to position ${to + 1}`, { index: to, part });
  };
  const duplicate = (index: number) =>
    act({ type: 'duplicate', index }, `Duplicated ${blockOf(index)} as section ${index + 2}`, { index: index + 1, part: 'select' });
  const remove = (index: number) => {
    const left = sections.length - 1;
    const focus: FocusRequest = left > 0 ? { index: Math.min(index, left - 1), part: 'select' } : { to: 'page' };
    act({ type: 'remove', index }, `Deleted ${blockOf(index)} (section ${index + 1}); undo brings it back`, focus);
  };
  const travel = (direction: 'undo' | 'redo') => {
    const other = direction === 'undo' ? 'redo' : 'undo';
    // The focused button (clicked, or focused when its shortcut was pressed) is about to be
    // disabled: hand the focus to the other one, not to <body>.
    const button = (direction === 'undo' ? undoButton : redoButton).current;
    const last = (direction === 'undo' ? state.past : state.future).length === 1;
    act(
      { type: direction },
      direction === 'undo' ? 'Undone' : 'Redone',
      last && button === document.activeElement ? { to: other } : undefined,
    );
  };

  const onShortcut = useEffectEvent((event: globalThis.KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.defaultPrevented || ownsKeys(event.target)) return;
    const key = event.key.toLowerCase();
    const redo = (key === 'z' && event.shiftKey) || (key === 'y' && event.ctrlKey && !event.shiftKey);
    if (key !== 'z' && !redo) return;
    event.preventDefault();
    if (redo ? canRedo : canUndo) travel(redo ? 'redo' : 'undo');
  });
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => onShortcut(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const onRowKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (event.ctrlKey || event.metaKey) return;
    if (step && event.altKey) move(index, index + step, 'select');
    else if (event.key === 'Delete' && !event.altKey && !event.shiftKey) remove(index);
    else if (step && !event.shiftKey) setFocusRequest({ index: Math.min(Math.max(index + step, 0), sections.length - 1), part: 'select' });
    else if (event.key === 'Home' || event.key === 'End')
      setFocusRequest({ index: event.key === 'Home' ? 0 : sections.length - 1, part: 'select' });
    else return;
    event.preventDefault();
  };

  // Where a drop over row `over` would put the dragged section (undefined: nowhere new).
  const dropIndex = (current: Drag | undefined) => {
    if (!current || current.over === undefined) return undefined;
    let to = current.edge === 'before' ? current.over : current.over + 1;
    if (current.from < to) to -= 1;
    return to === current.from ? undefined : to;
  };
  const onDragOver = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (!drag) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
    const box = event.currentTarget.getBoundingClientRect();
    const edge = event.clientY < box.top + box.height / 2 ? 'before' : 'after';
    if (drag.over !== index || drag.edge !== edge) setDrag({ ...drag, over: index, edge });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const to = dropIndex(drag);
    if (drag && to !== undefined) move(drag.from, to, 'select');
    setDrag(undefined);
  };
  // Out of the list: no indicator (dragleave also fires between rows, hence the check).
  const onDragLeave = (event: DragEvent) => {
    if (drag && !(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setDrag({ from: drag.from });
  };
  const shownDrop = dropIndex(drag) === undefined ? undefined : drag;

  return (
    <section className="editor-outline" aria-labelledby={headingId}>
      <div className="editor-outline__head">
        <h2 id={headingId} className="editor-outline__title">
          Sections
        </h2>
        <div className="editor-outline__history">
          {HISTORY_BUTTONS.map(({ direction, label, keys }) => (
            <button
              key={direction}
              ref={direction === 'undo' ? undoButton : redoButton}
              type="button"
              className="editor-outline__button"
              disabled={direction === 'undo' ? !canUndo : !canRedo}
              aria-keyshortcuts={keys}
              onClick={() => travel(direction)}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <button
        ref={pageButton}
        type="button"
        className="editor-outline__page"
        aria-current={selected.kind === 'page' ? 'true' : undefined}
        onClick={() => dispatch({ type: 'select', selection: { kind: 'page' } })}
      >
        Page settings
      </button>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- only clears the drop indicator */}
      <ol ref={list} className="editor-outline__list" aria-label="Sections" onDragLeave={onDragLeave}>
        {sections.map((section, index) => {
          const position = index + 1;
          const summary = sectionSummary(section);
          const problems = issueCount?.(index) ?? 0;
          const hidden = notShown?.(index);
          const info = blocks.find((block) => block.name === section.block);
          const isSelected = selected.kind === 'section' && selected.index === index;
          const unknown = blocks.length > 0 && !info;
          const which = `section ${position} (${section.block})`;
          const classes = ['editor-outline__row'];
          if (isSelected) classes.push('editor-outline__row--selected');
          if (drag?.from === index) classes.push('editor-outline__row--dragging');
          if (shownDrop?.over === index) classes.push(`editor-outline__row--drop-${shownDrop.edge}`);
          return (
            // Dragging is a pointer shortcut: the Up/Down buttons and Alt+Arrow keys do the same from the keyboard.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
            <li
              key={state.keys[index] ?? index}
              className={classes.join(' ')}
              draggable
              onDragStart={(event) => {
                event.dataTransfer?.setData('text/plain', section.block);
                if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
                setDrag({ from: index });
              }}
              onDragOver={(event) => onDragOver(event, index)}
              onDrop={onDrop}
              onDragEnd={() => setDrag(undefined)}
            >
              <button
                type="button"
                data-part="select"
                className="editor-outline__select"
                aria-current={isSelected ? 'true' : undefined}
                aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Delete"
                onClick={() => dispatch({ type: 'select', selection: { kind: 'section', index } })}
                onKeyDown={(event) => onRowKey(event, index)}
              >
                <span className="editor-outline__position">{position}.</span>{' '}
                <span className="editor-outline__block" title={info?.title}>
                  {section.block}
                </span>
                {/* The visible text is the accessible name: "3. card-grid #values What drives us 2 problems". */}
                {unknown ? (
                  <>
                    {' '}
                    <span className="editor-outline__badge">not a block</span>
                  </>
                ) : null}
                {section.id ? (
                  <>
                    {' '}
                    <span className="editor-outline__id">#{section.id}</span>
                  </>
                ) : null}
                {summary ? (
                  <>
                    {' '}
                    <span className="editor-outline__summary">{summary}</span>
                  </>
                ) : null}
                {problems ? (
                  <>
                    {' '}
                    <span className="editor-outline__badge">{plural(problems, 'problem')}</span>
                  </>
                ) : null}
                {hidden ? (
                  <>
                    {' '}
                    <span className="editor-outline__badge editor-outline__badge--hidden" title={hidden}>
                      not shown
                    </span>
                  </>
                ) : null}
              </button>
              <span className="editor-outline__actions">
                <button
                  type="button"
                  data-part="up"
                  disabled={index === 0}
                  aria-label={`Move ${which} up`}
                  onClick={() => move(index, index - 1, 'up')}
                >
                  Up
                </button>
                <button
                  type="button"
                  data-part="down"
                  disabled={index === sections.length - 1}
                  aria-label={`Move ${which} down`}
                  onClick={() => move(index, index + 1, 'down')}
                >
                  Down
                </button>
                <button type="button" aria-label={`Duplicate ${which}`} onClick={() => duplicate(index)}>
                  Duplicate
                </button>
                <button type="button" aria-label={`Delete ${which}`} onClick={() => remove(index)}>
                  Delete
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      {sections.length === 0 ? <p className="editor-outline__empty">No sections yet: add a block.</p> : null}
      <p className="editor-outline__live" aria-live="polite">
        {/* A changed text is announced again even when the words are the same. */}
        {message.text ? `${message.text}${message.count % 2 ? '' : '\u00a0'}` : ''}
      </p>
    </section>
  );
}

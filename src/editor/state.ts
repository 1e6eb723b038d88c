/**
 * The editor's draft and its history (undo/redo). Every change is one action; the reducer never
 * mutates (history entries share untouched parts).
 */
import type { DefinitionDraft, SectionDraft } from './types.ts';

export type Selection = { kind: 'page' } | { kind: 'section'; index: number };

export interface EditorState {
  draft: DefinitionDraft;
  /** Stable React keys for draft.sections, index for index (reordering moves them along). */
  keys: string[];
  selected: Selection;
  past: { draft: DefinitionDraft; keys: string[] }[];
  future: { draft: DefinitionDraft; keys: string[] }[];
  /** The last form edit (what and when): typing into one form is one undo step, not one per key. */
  lastEdit?: { target: string; at: number };
}

/** Form edits of the same target within this long of each other are undone together. */
export const EDIT_MERGE_MS = 1000;

export type EditorAction =
  /** Insert a section (a block's fixture props) at `at` (default: after the selected one, else at the end); selects it. */
  | { type: 'add'; section: SectionDraft; at?: number }
  /** Move the section at `from` to index `to` (selection follows it). */
  | { type: 'move'; from: number; to: number }
  | { type: 'duplicate'; index: number }
  | { type: 'remove'; index: number }
  | { type: 'select'; selection: Selection }
  /** Replace one section (props form); `sources` are added to the page's with it (a list of another source chosen). */
  | { type: 'set-section'; index: number; section: SectionDraft; at?: number; sources?: Record<string, { path: string }> }
  /** Replace the whole definition except its sections (page settings, sources, meta). */
  | { type: 'set-page'; draft: DefinitionDraft; at?: number }
  | { type: 'undo' }
  | { type: 'redo' }
  /** Bring back an unsaved draft (a reload of the tab): one undo step back to the file as opened. */
  | { type: 'restore'; draft: DefinitionDraft }
  /** Start over from a definition (opened or reloaded from disk): history cleared. */
  | { type: 'reset'; draft: DefinitionDraft };

/** Undo steps kept; older ones are dropped. */
export const HISTORY_LIMIT = 100;

const PAGE: Selection = { kind: 'page' };

/** The number behind a key ("s12" → 12). */
const keyNumber = (key: string) => Number(key.slice(1)) || 0;

/**
 * Fresh keys numbered above every key the state knows, history included: an undone section's key
 * never comes back for another section, so React never reuses its components for different content.
 * Derived from the state rather than a module counter to keep the reducer pure.
 */
function freshKeys(state: EditorState | undefined, count: number): string[] {
  let top = 0;
  if (state) {
    for (const entry of [state, ...state.past, ...state.future]) for (const key of entry.keys) top = Math.max(top, keyNumber(key));
  }
  return Array.from({ length: count }, (_, i) => `s${top + i + 1}`);
}

const sectionsOf = (draft: DefinitionDraft): SectionDraft[] => (Array.isArray(draft.sections) ? draft.sections : []);

const inRange = (index: number, length: number) => Number.isInteger(index) && index >= 0 && index < length;

/** The selection kept valid for `count` sections. */
function clampSelection(selection: Selection, count: number): Selection {
  if (selection.kind === 'page' || count === 0) return PAGE;
  return selection.index < count ? selection : { kind: 'section', index: count - 1 };
}

/** The state after a content change: the previous draft goes onto the undo stack, redo is gone. */
function commit(state: EditorState, draft: DefinitionDraft, keys: string[], selected: Selection): EditorState {
  const past = [...state.past, { draft: state.draft, keys: state.keys }].slice(-HISTORY_LIMIT);
  return { draft, keys, selected, past, future: [] };
}

/** A form edit: merged into the previous undo step when it continues the same edit (see EDIT_MERGE_MS). */
function edit(state: EditorState, draft: DefinitionDraft, target: string, at: number | undefined): EditorState {
  const last = state.lastEdit;
  if (at !== undefined && last?.target === target && at - last.at < EDIT_MERGE_MS && state.past.length) {
    return { ...state, draft, future: [], lastEdit: { target, at } };
  }
  return { ...commit(state, draft, state.keys, state.selected), lastEdit: at === undefined ? undefined : { target, at } };
}

function withSections(state: EditorState, sections: SectionDraft[]): DefinitionDraft {
  return { ...state.draft, sections };
}

/** Undo or redo: the selected section stays selected wherever it is in the restored draft. */
function travel(state: EditorState, direction: 'undo' | 'redo'): EditorState {
  const from = direction === 'undo' ? state.past : state.future;
  const target = from.at(-1);
  if (!target) return state;
  const current = { draft: state.draft, keys: state.keys };
  const rest = from.slice(0, -1);
  const selectedKey = state.selected.kind === 'section' ? state.keys[state.selected.index] : undefined;
  const found = selectedKey === undefined ? -1 : target.keys.indexOf(selectedKey);
  const selected = found >= 0 ? { kind: 'section' as const, index: found } : clampSelection(state.selected, target.keys.length);
  return direction === 'undo'
    ? { ...target, selected, past: rest, future: [...state.future, current] }
    : { ...target, selected, past: [...state.past, current], future: rest };
}

export function initialState(draft: DefinitionDraft): EditorState {
  return { draft, keys: freshKeys(undefined, sectionsOf(draft).length), selected: PAGE, past: [], future: [] };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const sections = sectionsOf(state.draft);
  const { keys } = state;
  switch (action.type) {
    case 'add': {
      const fallback = state.selected.kind === 'section' ? state.selected.index + 1 : sections.length;
      const at = action.at ?? fallback;
      if (!Number.isInteger(at) || at < 0 || at > sections.length) return state;
      const nextSections = sections.toSpliced(at, 0, action.section);
      const nextKeys = keys.toSpliced(at, 0, freshKeys(state, 1)[0]);
      return commit(state, withSections(state, nextSections), nextKeys, { kind: 'section', index: at });
    }
    case 'move': {
      const { from, to } = action;
      if (from === to || !inRange(from, sections.length) || !inRange(to, sections.length)) return state;
      const move = <T>(list: T[]) => list.toSpliced(from, 1).toSpliced(to, 0, list[from]);
      return commit(state, withSections(state, move(sections)), move(keys), { kind: 'section', index: to });
    }
    case 'duplicate': {
      const { index } = action;
      if (!inRange(index, sections.length)) return state;
      const copy = structuredClone(sections[index]);
      const nextKeys = keys.toSpliced(index + 1, 0, freshKeys(state, 1)[0]);
      return commit(state, withSections(state, sections.toSpliced(index + 1, 0, copy)), nextKeys, { kind: 'section', index: index + 1 });
    }
    case 'remove': {
      const { index } = action;
      if (!inRange(index, sections.length)) return state;
      const count = sections.length - 1;
      const { selected } = state;
      // Another section stays selected (shifted up if it came after); the removed one hands over to its neighbour.
      let next: Selection = selected;
      if (selected.kind === 'section' && selected.index > index) next = { kind: 'section', index: selected.index - 1 };
      else if (selected.kind === 'section' && selected.index === index) next = clampSelection(selected, count);
      return commit(state, withSections(state, sections.toSpliced(index, 1)), keys.toSpliced(index, 1), next);
    }
    case 'select': {
      const { selection } = action;
      if (selection.kind === 'section' && !inRange(selection.index, sections.length)) return state;
      const current = state.selected;
      const same = selection.kind === 'page' ? current.kind === 'page' : current.kind === 'section' && current.index === selection.index;
      return same ? state : { ...state, selected: selection };
    }
    case 'set-section': {
      const { index, section, sources } = action;
      if (!inRange(index, sections.length) || sections[index] === section) return state;
      const draft = withSections(state, sections.with(index, section));
      if (sources && Object.keys(sources).length) {
        const own = draft.sources && typeof draft.sources === 'object' ? draft.sources : {};
        // A step of its own: undone, the source goes too.
        return { ...commit(state, { ...draft, sources: { ...own, ...sources } }, keys, state.selected), lastEdit: undefined };
      }
      return edit(state, draft, `section:${keys[index]}`, action.at);
    }
    case 'set-page': {
      if (action.draft === state.draft) return state;
      // The sections are the outline's: page settings never bring back an older list.
      return edit(state, { ...action.draft, sections: state.draft.sections }, 'page', action.at);
    }
    case 'undo':
    case 'redo':
      return travel(state, action.type);
    case 'restore': {
      const count = sectionsOf(action.draft).length;
      return commit(state, action.draft, freshKeys(state, count), clampSelection(state.selected, count));
    }
    case 'reset': {
      const count = sectionsOf(action.draft).length;
      return { draft: action.draft, keys: freshKeys(state, count), selected: clampSelection(state.selected, count), past: [], future: [] };
    }
  }
}

import { describe, expect, it } from 'vitest';
import { EDIT_MERGE_MS, editorReducer, HISTORY_LIMIT, initialState, type EditorAction, type EditorState } from './state.ts';
import type { DefinitionDraft, SectionDraft } from './types.ts';

const section = (block: string, heading?: string): SectionDraft => (heading ? { block, heading } : { block });

const draft = (...blocks: string[]): DefinitionDraft => ({
  $schema: '../schemas/page-definition.schema.json',
  layout: 'main',
  route: '/x',
  sections: blocks.map((block) => section(block)),
});

/** Applies the actions in order. */
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const blocks = (state: EditorState) => state.draft.sections.map((s) => s.block);

describe('initialState', () => {
  it('selects the page, has no history and one unique key per section', () => {
    const state = initialState(draft('a', 'b', 'c'));
    expect(state.selected).toEqual({ kind: 'page' });
    expect(state.past).toEqual([]);
    expect(state.future).toEqual([]);
    expect(new Set(state.keys).size).toBe(3);
  });
});

describe('editorReducer', () => {
  const start = initialState(draft('a', 'b', 'c'));

  it('adds after the selected section, or at the end, or at `at`, and selects the new one', () => {
    const atEnd = run(start, { type: 'add', section: section('n') });
    expect(blocks(atEnd)).toEqual(['a', 'b', 'c', 'n']);
    expect(atEnd.selected).toEqual({ kind: 'section', index: 3 });

    const afterSelected = run(start, { type: 'select', selection: { kind: 'section', index: 0 } }, { type: 'add', section: section('n') });
    expect(blocks(afterSelected)).toEqual(['a', 'n', 'b', 'c']);
    expect(afterSelected.selected).toEqual({ kind: 'section', index: 1 });

    const atZero = run(start, { type: 'add', section: section('n'), at: 0 });
    expect(blocks(atZero)).toEqual(['n', 'a', 'b', 'c']);
    expect(atZero.keys.slice(1)).toEqual(start.keys);
    expect(new Set(atZero.keys).size).toBe(4);
  });

  it('moves a section with its key and selects it', () => {
    const moved = run(start, { type: 'move', from: 0, to: 2 });
    expect(blocks(moved)).toEqual(['b', 'c', 'a']);
    expect(moved.keys).toEqual([start.keys[1], start.keys[2], start.keys[0]]);
    expect(moved.selected).toEqual({ kind: 'section', index: 2 });
    expect(start.draft.sections.map((s) => s.block)).toEqual(['a', 'b', 'c']);
  });

  it('duplicates a deep copy after the original with a new key, and selects it', () => {
    const state = initialState({ ...draft(), sections: [{ block: 'a', heading: { title: 'T' } }, section('b')] });
    const next = run(state, { type: 'duplicate', index: 0 });
    expect(blocks(next)).toEqual(['a', 'a', 'b']);
    expect(next.draft.sections[1]).toEqual(next.draft.sections[0]);
    expect(next.draft.sections[1].heading).not.toBe(next.draft.sections[0].heading);
    expect(next.keys[0]).toBe(state.keys[0]);
    expect(new Set(next.keys).size).toBe(3);
    expect(next.selected).toEqual({ kind: 'section', index: 1 });
  });

  it('removes a section: its neighbour takes the selection, another selected section stays selected', () => {
    const selectLast = run(start, { type: 'select', selection: { kind: 'section', index: 2 } });
    const removedSelected = run(selectLast, { type: 'remove', index: 2 });
    expect(blocks(removedSelected)).toEqual(['a', 'b']);
    expect(removedSelected.selected).toEqual({ kind: 'section', index: 1 });
    expect(removedSelected.keys).toEqual(start.keys.slice(0, 2));

    const removedBefore = run(selectLast, { type: 'remove', index: 0 });
    expect(removedBefore.selected).toEqual({ kind: 'section', index: 1 });
    expect(removedBefore.draft.sections[1].block).toBe('c');

    const selectMiddle = run(start, { type: 'select', selection: { kind: 'section', index: 1 } }, { type: 'remove', index: 1 });
    expect(selectMiddle.selected).toEqual({ kind: 'section', index: 1 });
    expect(selectMiddle.draft.sections[1].block).toBe('c');

    const single = initialState(draft('a'));
    const empty = run(single, { type: 'select', selection: { kind: 'section', index: 0 } }, { type: 'remove', index: 0 });
    expect(empty.draft.sections).toEqual([]);
    expect(empty.selected).toEqual({ kind: 'page' });
  });

  it('replaces one section, and the page settings while keeping the current sections', () => {
    const edited = run(start, { type: 'set-section', index: 1, section: section('b', 'Hi') });
    expect(edited.draft.sections[1]).toEqual({ block: 'b', heading: 'Hi' });
    expect(edited.keys).toBe(start.keys);

    const page = run(edited, { type: 'set-page', draft: { ...draft('stale'), layout: 'form' } });
    expect(page.draft.layout).toBe('form');
    expect(page.draft.sections).toBe(edited.draft.sections);
    expect(page.past).toHaveLength(2);
  });

  it('adds the sources a section change brings (a list of another source) in the same undo step', () => {
    const typed = run(start, { type: 'set-section', index: 1, section: section('b', 'H'), at: 1000 });
    const listed = run(typed, {
      type: 'set-section',
      index: 1,
      section: section('b', 'Hi'),
      at: 1100,
      sources: { blogList: { path: '/api/blog_list' } },
    });
    expect(listed.draft.sources).toEqual({ blogList: { path: '/api/blog_list' } });
    // Not merged into the typing just before: one undo takes the list and its source back, no more.
    const undone = run(listed, { type: 'undo' });
    expect(undone.draft.sources).toBeUndefined();
    expect(undone.draft.sections[1]).toEqual({ block: 'b', heading: 'H' });
  });

  it('selects without touching history', () => {
    const next = run(start, { type: 'select', selection: { kind: 'section', index: 1 } });
    expect(next.selected).toEqual({ kind: 'section', index: 1 });
    expect(next.past).toBe(start.past);
    expect(next.draft).toBe(start.draft);
  });

  it('returns the same state for no-op and out-of-range actions', () => {
    const noOps: EditorAction[] = [
      { type: 'move', from: 1, to: 1 },
      { type: 'move', from: 0, to: 3 },
      { type: 'move', from: -1, to: 0 },
      { type: 'duplicate', index: 3 },
      { type: 'remove', index: -1 },
      { type: 'remove', index: 0.5 },
      { type: 'add', section: section('n'), at: 4 },
      { type: 'select', selection: { kind: 'section', index: 3 } },
      { type: 'select', selection: { kind: 'page' } },
      { type: 'set-section', index: 5, section: section('x') },
      { type: 'set-section', index: 0, section: start.draft.sections[0] },
      { type: 'set-page', draft: start.draft },
      { type: 'undo' },
      { type: 'redo' },
    ];
    for (const action of noOps) expect(editorReducer(start, action), JSON.stringify(action)).toBe(start);
  });

  it('undoes and redoes a sequence of changes, and a new change clears redo', () => {
    const s1 = run(start, { type: 'move', from: 0, to: 2 });
    const s2 = run(s1, { type: 'remove', index: 0 });
    const s3 = run(s2, { type: 'duplicate', index: 0 });
    expect(blocks(s3)).toEqual(['c', 'c', 'a']);
    expect(s3.past).toHaveLength(3);

    const u1 = run(s3, { type: 'undo' });
    expect(blocks(u1)).toEqual(['c', 'a']);
    expect(u1.keys).toEqual(s2.keys);
    const u3 = run(u1, { type: 'undo' }, { type: 'undo' });
    expect(u3.draft).toBe(start.draft);
    expect(u3.keys).toEqual(start.keys);
    expect(u3.past).toEqual([]);
    expect(u3.future).toHaveLength(3);

    const r2 = run(u3, { type: 'redo' }, { type: 'redo' });
    expect(r2.draft).toBe(s2.draft);
    expect(r2.future).toHaveLength(1);

    const branched = run(r2, { type: 'add', section: section('n') });
    expect(branched.future).toEqual([]);
    expect(branched.past).toHaveLength(3);
    // Keys of undone sections (the duplicate's) are not handed out again.
    expect(s3.keys).not.toContain(branched.keys.at(-1));
  });

  it('keeps the selected section selected through undo/redo, else clamps or selects the page', () => {
    const moved = run(start, { type: 'move', from: 0, to: 2 });
    const undone = run(moved, { type: 'undo' });
    expect(undone.selected).toEqual({ kind: 'section', index: 0 });

    const added = run(start, { type: 'add', section: section('n') });
    expect(run(added, { type: 'undo' }).selected).toEqual({ kind: 'section', index: 2 });

    const emptied = run(initialState(draft('a')), { type: 'remove', index: 0 }, { type: 'add', section: section('n') });
    const back = run(emptied, { type: 'undo' });
    expect(back.draft.sections).toEqual([]);
    expect(back.selected).toEqual({ kind: 'page' });

    const redone = run(back, { type: 'undo' }, { type: 'select', selection: { kind: 'section', index: 0 } }, { type: 'redo' });
    expect(redone.draft.sections).toEqual([]);
    expect(redone.selected).toEqual({ kind: 'page' });
  });

  it(`keeps at most ${HISTORY_LIMIT} undo steps`, () => {
    let state = start;
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) state = run(state, { type: 'set-section', index: 0, section: section('a', `v${i}`) });
    expect(state.past).toHaveLength(HISTORY_LIMIT);
    expect(state.past[0].draft.sections[0]).toEqual(section('a', 'v19'));
  });

  it('reset starts over: history cleared, fresh keys, selection kept when still valid', () => {
    const edited = run(start, { type: 'select', selection: { kind: 'section', index: 2 } }, { type: 'remove', index: 0 });
    const reset = run(edited, { type: 'reset', draft: draft('x', 'y') });
    expect(blocks(reset)).toEqual(['x', 'y']);
    expect(reset.past).toEqual([]);
    expect(reset.future).toEqual([]);
    expect(reset.selected).toEqual({ kind: 'section', index: 1 });
    expect(reset.keys.some((key) => start.keys.includes(key))).toBe(false);
  });
});

describe('form edits and undo steps', () => {
  it('merges edits of one section made within EDIT_MERGE_MS into one undo step', () => {
    let state = initialState({ $schema: 's', layout: 'main', sections: [{ block: 'rich-text', html: 'a' }] });
    for (const [i, text] of ['ab', 'abc', 'abcd'].entries()) {
      state = editorReducer(state, { type: 'set-section', index: 0, section: { block: 'rich-text', html: text }, at: 1000 + i * 200 });
    }
    state = editorReducer(state, {
      type: 'set-section',
      index: 0,
      section: { block: 'rich-text', html: 'abcde' },
      at: 1000 + 400 + EDIT_MERGE_MS,
    });
    expect(state.past).toHaveLength(2);
    state = editorReducer(state, { type: 'undo' });
    expect(state.draft.sections[0]).toEqual({ block: 'rich-text', html: 'abcd' });
    state = editorReducer(state, { type: 'undo' });
    expect(state.draft.sections[0]).toEqual({ block: 'rich-text', html: 'a' });
  });
});

describe('restoring an unsaved draft', () => {
  it('is one undo step away from the file as opened', () => {
    const opened = initialState({ $schema: 's', layout: 'main', sections: [{ block: 'banner' }] });
    const restored = editorReducer(opened, {
      type: 'restore',
      draft: { $schema: 's', layout: 'main', sections: [{ block: 'banner' }, { block: 'notice' }] },
    });
    expect(restored.draft.sections).toHaveLength(2);
    expect(editorReducer(restored, { type: 'undo' }).draft).toBe(opened.draft);
  });
});

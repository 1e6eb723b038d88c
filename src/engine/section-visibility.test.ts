import { describe, expect, it } from 'vitest';
import { hasContent, isShown } from './section-visibility.ts';

describe('section visibility', () => {
  it('counts text, numbers and lists or objects holding any of them as content', () => {
    expect([undefined, null, '', [], {}, [''], { a: '' }, [{ title: undefined }]].map(hasContent)).toEqual(Array(8).fill(false));
    expect(['x', 0, false, ['x'], { a: { b: 'x' } }].map(hasContent)).toEqual(Array(5).fill(true));
  });

  it('leaves a section out when a prop its block requires has no content (no orphan heading)', () => {
    const grid = { required: ['items'] };
    expect(isShown(grid, { heading: { title: 'Latest' }, items: [] })).toBe(false);
    expect(isShown(grid, { heading: { title: 'Latest' } })).toBe(false);
    expect(isShown(grid, { items: [{ title: 'A' }] })).toBe(true);
  });

  it('keeps an empty list when the section says what to show instead', () => {
    const jobs = { required: ['jobs'] };
    expect(isShown(jobs, { jobs: [], emptyText: 'No openings right now.' })).toBe(true);
    // A list that never came (failed source) is not an empty list.
    expect(isShown(jobs, { emptyText: 'No openings right now.' })).toBe(false);
  });

  it('needs one of the x-shown-with props', () => {
    const richText = { 'x-shown-with': ['html'] };
    expect(isShown(richText, { heading: 'About' })).toBe(false);
    expect(isShown(richText, { heading: 'About', html: '<p>x</p>' })).toBe(true);
  });
});

/** The validator's issues placed on the form's fields (rjsf's error schema), below a section's pointer. */
import { describe, expect, it } from 'vitest';
import { errorSchemaFor, REQUIRED_AT_FIELD } from './issues.ts';
import type { EditorIssue } from './types.ts';

const issue = (pointer: string, message: string): EditorIssue => ({
  pointer,
  message,
  line: 1,
  column: 1,
  text: `x.json:1:1 ${pointer}: ${message}`,
});

describe('errorSchemaFor', () => {
  it('nests by pointer segments below the prefix, unescaping ~1 and ~0', () => {
    const errors = errorSchemaFor(
      [issue('/sections/1/a~1b/c~0d', 'm1'), issue('/sections/1/links/0/href', 'm2'), issue('/sections/2/x', 'other')],
      '/sections/1',
    );
    expect(errors).toEqual({ 'a/b': { 'c~d': { __errors: ['m1'] } }, links: { 0: { href: { __errors: ['m2'] } } } });
  });

  it('puts an issue inside a binding node on its field; only an $each map goes deeper', () => {
    const data = { heading: { $bind: 'x', default: 1 }, items: { $each: 'l', map: { title: { $bind: 'item.y' } }, limit: 0 } };
    const errors = errorSchemaFor(
      [
        issue('/s/heading/default', 'a'),
        issue('/s/items/limit', 'b'),
        issue('/s/items/map/title/$bind', 'c'),
        issue('/s/heading/$bind', 'd'),
      ],
      '/s',
      data,
    );
    expect(errors).toEqual({ heading: { __errors: ['a', 'd'] }, items: { __errors: ['b'], map: { title: { __errors: ['c'] } } } });
  });

  it('puts a missing required property on that property', () => {
    const errors = errorSchemaFor([issue('/s', 'must have "heading"'), issue('/s/items/0', 'must have "title"')], '/s', { items: [{}] });
    expect(errors).toEqual({
      heading: { __errors: [REQUIRED_AT_FIELD] },
      items: { 0: { title: { __errors: [REQUIRED_AT_FIELD] } } },
    });
  });
});

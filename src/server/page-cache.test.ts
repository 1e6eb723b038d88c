import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch, pageETag } from './page-cache.ts';

describe('page ETag', () => {
  it('is the same for bodies that differ only in the CSP nonce, different otherwise', () => {
    const a = pageETag(Buffer.from('<script nonce="abc+/=">x</script>abc+/='), 'abc+/=');
    const b = pageETag(Buffer.from('<script nonce="xyz">x</script>xyz'), 'xyz');
    expect(a).toBe(b);
    expect(a).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(pageETag(Buffer.from('<script nonce="xyz">y</script>xyz'), 'xyz')).not.toBe(a);
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    expect(matchesIfNoneMatch('"a", "b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('W/"b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('"c"', '"b"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"b"')).toBe(false);
  });
});

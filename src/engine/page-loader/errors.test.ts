/** What the loader throws instead of a page: content unavailable (503, 502, Retry-After) and a bug (500), with the chrome. */
import { describe, expect, it } from 'vitest';
import { data } from 'react-router';
import { ContentError } from '../content-client.ts';
import type { ContentUnavailable, ResolvedChrome } from '../page-data.ts';
import { pageRun } from '../../../tests/helpers/page-run.ts';
import { failed, thrownStatus, unavailable } from './errors.ts';

function caught(run: () => never): { init?: ResponseInit; data: ContentUnavailable } {
  try {
    run();
  } catch (error) {
    return error as { init?: ResponseInit; data: ContentUnavailable };
  }
  throw new Error('expected a throw');
}

describe('unavailable', () => {
  it('is 503 when the service could not be reached in time, 502 when it answered badly; both say when to try again', () => {
    const chrome = { name: 'Veltrix' } as ResolvedChrome;
    for (const [kind, status] of [
      ['timeout', 503],
      ['unreachable', 503],
      ['invalid-json', 502],
      ['too-large', 502],
    ] as const) {
      const run = pageRun();
      const thrown = caught(() => unavailable(run, new ContentError(kind, '/api/page/x'), chrome));
      expect(thrown.init?.status, kind).toBe(status);
      expect(new Headers(thrown.init?.headers).get('Retry-After'), kind).toMatch(/^\d+$/);
      expect(thrown.data).toMatchObject({ kind: 'content-unavailable', chrome });
      expect(run.errors).toHaveLength(1);
    }
  });
});

describe('failed', () => {
  it("is a 500 with the site's own header and footer, and the bug logged with the path", () => {
    const run = pageRun();
    const bug = new TypeError('bug');
    const thrown = caught(() => failed(run, new Request('https://internal.local/blog?page=2'), bug));
    expect(thrown.init?.status).toBe(500);
    expect(thrown.data).toMatchObject({ kind: 'content-unavailable', cause: 'server', chrome: { name: run.index.site.name } });
    expect(run.errors).toEqual([['[page] failed to load', '/blog', bug]]);
  });
});

describe('thrownStatus', () => {
  it('is the status of a thrown response or data(), and nothing for anything else', () => {
    expect(thrownStatus(data('x', { status: 404 }))).toBe(404);
    expect(thrownStatus(data('x'))).toBe(200);
    expect(thrownStatus(new Response(null, { status: 503 }))).toBe(503);
    expect(thrownStatus(new Error('bug'))).toBeUndefined();
    expect(thrownStatus(null)).toBeUndefined();
  });
});

/** A page's meta: its own or the site's default, text only; the not-found page's title its own or "Page not found". */
import { describe, expect, it } from 'vitest';
import { definitionOf, pageRun, projectIndex } from '../../../tests/helpers/page-run.ts';
import { metaOf, NOT_FOUND_TITLE, resolveMeta, text } from './meta.ts';

const content = { page: { page_data: { page_title: 'Privacy | Veltrix', meta_description: 'How we handle data', meta_keywords: 7 } } };

describe('meta', () => {
  it('is text: a string or a number, nothing else', () => {
    expect([text('a'), text(3), text(null), text({}), text(['a'])]).toEqual(['a', '3', undefined, undefined, undefined]);
  });

  it("is the definition's own, else the site's defaultMeta resolved against the page's content", () => {
    const privacy = definitionOf('/privacy-policy');
    expect(metaOf({ ...privacy, meta: { title: 'Own' } }, { defaultMeta: { title: 'Default' } })).toEqual({ title: 'Own' });
    expect(metaOf({ ...privacy, meta: undefined }, { defaultMeta: { title: 'Default' } })).toEqual({ title: 'Default' });
    const run = pageRun();
    expect(resolveMeta(run, { ...privacy, meta: undefined }, content)).toEqual({
      title: 'Privacy | Veltrix',
      description: 'How we handle data',
      keywords: '7',
    });
  });

  it('counts a bound value that is not text as none, logged once', () => {
    const privacy = definitionOf('/privacy-policy');
    const run = pageRun();
    const wrong = { page: { page_data: { page_title: { html: 'x' } } } };
    for (let i = 0; i < 2; i++) expect(resolveMeta(run, { ...privacy, meta: undefined }, wrong).title).toBeUndefined();
    expect(run.warnings).toEqual([`[content] ${privacy.file} /meta/title: "page.page_data.page_title" left out: it is object, not text`]);
  });

  it("gives the not-found page its own title or NOT_FOUND_TITLE, never the site's default title", () => {
    const notFound = projectIndex().notFound!;
    const run = pageRun();
    expect(resolveMeta(run, notFound, content, true).title).toBe('Sorry, Page not Found');
    const withoutMeta = resolveMeta(run, { ...notFound, meta: undefined }, content, true);
    expect(withoutMeta).toEqual({ title: NOT_FOUND_TITLE, description: 'How we handle data', keywords: '7' });
    expect(resolveMeta(run, { ...notFound, meta: { description: 'Gone' } }, content, true).title).toBe(NOT_FOUND_TITLE);
    expect(resolveMeta(run, undefined, content, true)).toEqual({ title: NOT_FOUND_TITLE });
  });
});

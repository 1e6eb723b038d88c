/** A binding that cannot read its field, told beside the field: what broke, what caused it, what to do. */
import { describe, expect, it } from 'vitest';
import { adviceFor, withAdvice } from './advice.ts';
import type { BlockInfo, DefinitionDraft, EditorIssue } from './types.ts';

const blocks = [
  { name: 'banner', title: 'BannerProps', description: '', schema: {}, fixture: {} },
  { name: 'card-grid', title: 'CardGridProps', description: '', schema: {}, fixture: {} },
] satisfies BlockInfo[];

const issue = (pointer: string, message: string): EditorIssue => ({
  pointer,
  message,
  line: 15,
  column: 9,
  text: `x.json:15:9 ${pointer}: ${message}`,
});

const opened: DefinitionDraft = {
  $schema: '../schemas/page-definition.schema.json',
  route: '/industries/towers',
  layout: 'main',
  sources: { page: { path: '/api/page/about-us' }, posts: { path: '/api/blog_list' } },
  sections: [
    { block: 'banner', heading: { $bind: 'page.page_data.name', default: 'Towers' } },
    {
      block: 'card-grid',
      items: {
        $each: 'posts.list.data',
        map: { title: { $bind: 'item.title' }, link: { label: 'Read', href: { $template: '/blog/{item.url}' } } },
      },
    },
  ],
};
const changed: DefinitionDraft = { ...opened, sources: { ...opened.sources, page: { path: '/api/page/blog' } } };

describe('adviceFor', () => {
  it('names the prop, the field, the source and the change that broke it, and what to do', () => {
    const broken = issue('/sections/0/heading/$bind', 'GET /api/page/blog has no field "name" in page_data');
    expect(adviceFor(broken, changed, opened, blocks)).toBe(
      "The banner's heading used “page_data.name” of the page source; /api/page/blog has no such field since the page source changed from /api/page/about-us. Pick another field or undo the source change.",
    );
  });

  it('without a source change: the field itself, with the validator’s suggestion', () => {
    const typo = { ...opened, sections: [{ block: 'banner', heading: { $bind: 'page.page_data.nmae' } }] };
    const broken = issue('/sections/0/heading/$bind', 'GET /api/page/about-us has no field "nmae" in page_data (did you mean "name"?)');
    expect(adviceFor(broken, typo, typo, blocks)).toBe(
      'The banner\'s heading used “page_data.nmae” of the page source; /api/page/about-us has no such field (did you mean "name"?). Pick another field.',
    );
  });

  it('inside a list: the item prop and the entry field; a link template names the placeholder that broke', () => {
    const title = issue('/sections/1/items/map/title/$bind', 'an entry of posts.list.data has no field "title" (did you mean "name"?)');
    expect(adviceFor(title, opened, opened, blocks)).toBe(
      'The card grid\'s items (title of each item) used “title” of each entry of posts.list.data; the entries of /api/blog_list have no such field (did you mean "name"?). Pick another field.',
    );
    const href = issue('/sections/1/items/map/link/href/$template', 'an entry of posts.list.data has no field "url"');
    expect(adviceFor(href, opened, opened, blocks)).toMatch(/^The card grid's items \(link target of each item\) used “url” of each entry/);
  });

  it('a source removed from the page', () => {
    const removed = { ...opened, sources: { posts: { path: '/api/blog_list' } } };
    const broken = issue('/sections/0/heading/$bind', '"page" is not a source of this page (sources: posts; also params, search, site)');
    expect(adviceFor(broken, removed, opened, blocks)).toBe(
      "The banner's heading used “page_data.name” of the page source; the source “page” (/api/page/about-us) was removed from the page. Add it again under Page settings, or pick another field.",
    );
  });

  it('leaves other problems in the validator’s words', () => {
    expect(adviceFor(issue('/sections/0/heading', 'must be string'), changed, opened, blocks)).toBeUndefined();
    expect(adviceFor(issue('/route', 'route "/blog" is also defined'), changed, opened, blocks)).toBeUndefined();
    const param = { ...opened, sections: [{ block: 'banner', heading: { $template: '{params.slug}' } }] };
    const noParam = issue('/sections/0/heading/$template', 'the route parameters (this page has none) has no field "slug"');
    expect(adviceFor(noParam, param, param, blocks)).toBeUndefined();
    const [kept, advised] = withAdvice(
      [issue('/layout', 'must be one of'), issue('/sections/0/heading/$bind', 'GET /api/page/blog has no field "name" in page_data')],
      changed,
      opened,
      blocks,
    );
    expect(kept.advice).toBeUndefined();
    expect(advised.advice).toMatch(/^The banner's heading used/);
    expect(advised.message).toBe('GET /api/page/blog has no field "name" in page_data');
  });
});

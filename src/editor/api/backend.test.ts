/** The page editor's backend (src/editor/api/backend.ts): listing, opening, draft checks and the preview, on a temporary copy of page-definitions/. Saving and creating: ./backend-save.test.ts. */
import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitions, type Definitions } from '../../engine/definitions.server.ts';
import { ContentError } from '../../engine/content-client.ts';
import { createEditorBackend, previewTarget, type DevEditorBackend } from './backend.ts';
import { definitionText } from './rewrite.ts';
import { pageContext, sourceNameFor } from './context.ts';
import { pathParams } from '../../engine/contract-paths.ts';
import { projectRoot } from '../../../tools/lib/project.ts';
import { backendOnCopy, type Definition } from '../../../tests/helpers/editor-backend.ts';

const editor = backendOnCopy();
const { asked, fileOf, readDefinition, cliIssues } = editor;
let dir: string;
let definitions: Definitions;
let backend: DevEditorBackend;
beforeAll(() => ({ dir, definitions, backend } = editor));

describe('editor backend', { timeout: 60_000 }, () => {
  it('lists every definition file with its routes and problems', () => {
    const list = backend.list();
    expect(list.length).toBe(definitions.current().files.length);
    const about = list.find((entry) => entry.name === 'about.json')!;
    expect(about).toMatchObject({ file: fileOf('about.json'), served: true, layout: 'main', issues: [] });
    expect(about.routes[0]).toMatch(/^\/about-/);
  });

  it('opens a definition with its schemas, fixtures, endpoints, fields and samples', async () => {
    const session = (await backend.open('about.json'))!;
    expect(session.file).toBe(fileOf('about.json'));
    expect(session.text).toBe(await readFile(path.join(dir, 'about.json'), 'utf8'));
    expect(session.mtimeMs).toBe((await stat(path.join(dir, 'about.json'))).mtimeMs);
    expect(session.definition?.sections.length).toBeGreaterThan(2);
    expect(session.issues).toEqual([]);
    const banner = session.blocks.find((block) => block.name === 'banner')!;
    expect(banner.description).toMatch(/banner/i);
    expect(Object.keys(banner.fixture)).toContain('heading');
    expect(JSON.stringify(banner.schema)).not.toContain('"$ref"');
    expect(JSON.stringify(session.pageSchema)).not.toContain('"$ref"');
    expect(session.pageSchema.properties?.layout).toBeDefined();
    const blog = session.endpoints.find((e) => e.path === '/api/blog/{slug}')!;
    expect(blog.params).toEqual(['slug']);
    expect(session.endpoints.find((e) => e.path === '/api/blog_list')!.query.map((q) => q.name)).toEqual(['page', 'cat_slug']);
    const name = session.fields.find((f) => f.path === 'page.page_data.name')!;
    expect(name).toMatchObject({ type: 'string', sample: 'About Veltrix' });
    const content = session.fields.find((f) => f.path === 'page.page_data.content')!;
    expect(content.html).toBe(true);
    expect((content.sample as string).length).toBe(120);
    expect(session.fields.find((f) => f.path === 'page.page_data.image')).toMatchObject({ image: true });
    // The blog carousel's list: the fields of one entry, for $each maps.
    const list = session.fields.find((f) => f.path === 'blog.list.data')!;
    expect(list.items?.map((f) => f.path)).toContain('item.slug');
    expect(session.fields.find((f) => f.path === 'site.brand')).toMatchObject({ type: 'string' });
    // Lists of endpoints the page does not read (no path parameters), named so as not to clash.
    expect(session.offeredLists.map((offer) => offer.source.path)).not.toContain('/api/blog_list');
    expect(session.offeredLists.flatMap((offer) => pathParams(offer.source.path))).toEqual([]);
    expect(session.previewPath).toBe(`/about-${String(definitions.current().site.brand)}`);
  });

  it('offers the blog posts to a page that does not read them: a fresh source name, entry fields and entry page', async () => {
    const session = (await backend.open('contact.json'))!;
    const posts = session.offeredLists.find((offer) => offer.source.path === '/api/blog_list')!;
    expect(posts.source.name).toBe('blogList');
    expect(posts.description).toMatch(/^Paginated blog cards/);
    expect(posts.field).toMatchObject({
      path: 'blogList.list.data',
      type: 'array',
      entryPage: { href: '/blog/{item.slug}', route: '/blog/:slug' },
    });
    expect(posts.field.items?.map((f) => f.path)).toEqual(expect.arrayContaining(['item.name', 'item.slug', 'item.short_description']));
    expect(posts.field.assumed).toBeUndefined();
    // Were the endpoint one SPEC does not name (x-assumed), its lists would say so, as a source's fields do.
    const index = definitions.current();
    const assumed = {
      ...index,
      contract: {
        ...index.contract,
        endpoints: index.contract.endpoints.map((e) => (e.path === '/api/blog_list' ? { ...e, 'x-assumed': 'not in SPEC (test)' } : e)),
      },
    };
    const context = await pageContext(assumed, () => Promise.reject(new Error('no reads')), session.definition);
    expect(context.offeredLists.find((offer) => offer.source.path === '/api/blog_list')?.field.assumed).toBeTruthy();
    expect(sourceNameFor('/api/blog_list', new Set(['blogList']))).toBe('blogList2');
    expect(sourceNameFor('/api/site', new Set())).toBe('site2');
  });

  it('fills the preview path and route parameters from the sitemap list', async () => {
    const session = (await backend.open('blog-post.json'))!;
    expect(session.previewPath).toBe('/blog/first-post');
    expect(session.fields.find((f) => f.path === 'params.slug')).toMatchObject({ type: 'string', sample: 'first-post' });
    expect(session.fields.find((f) => f.path === 'post.post_data.name')).toMatchObject({ sample: 'First post' });
    expect(asked).toContain('/api/blog/first-post?');
  });

  it('opens without samples when the content service cannot be read', async () => {
    editor.reads = false;
    try {
      const session = (await backend.open('privacy-policy.json'))!;
      const name = session.fields.find((f) => f.path === 'page.page_data.name')!;
      expect(name.type).toBe('string');
      expect('sample' in name).toBe(false);
    } finally {
      editor.reads = true;
    }
  });

  it('opens only plain definition files of the folder', async () => {
    for (const name of ['../about.json', 'nope.json', 'About.json', 'sub/about.json', '.json', 'about.json/', '/etc/passwd']) {
      expect(await backend.open(name), name).toBeUndefined();
    }
  });

  it('reports a draft’s problems exactly as npm run validate does for the text a save writes', async () => {
    const definition = await readDefinition('about.json');
    definition.sections[0].heading = { $bind: 'page.page_data.nam' };
    const draft = await backend.draft({ file: 'about.json', definition: definition as never });
    const original = await readFile(path.join(dir, 'about.json'), 'utf8');
    expect(draft.text).toBe(await definitionText(original, definition, fileOf('about.json'), definitions.current().validator.store));
    expect(draft.issues.length).toBeGreaterThan(0);
    expect(draft.issues.map((issue) => issue.text)).toEqual(await cliIssues('about.json', draft.text));
    expect(draft.issues[0].message).toContain('did you mean "name"');
    expect(draft.issues[0].pointer).toBe('/sections/0/heading/$bind');
    expect(draft.previewPath).toMatch(/^\/about-/);
  });

  it('tells a draft that takes another page’s route, whichever file sorts first (issue 22: it said "Valid")', async () => {
    const definition = await readDefinition('about.json');
    // about.json sorts before blog.json: the clash used to be reported on blog.json only.
    definition.route = '/blog';
    const draft = await backend.draft({ file: 'about.json', definition: definition as never });
    expect(draft.issues.map((issue) => issue.message)).toContain(
      `route "/blog" is also defined in ${fileOf('blog.json')}: two pages cannot share a route`,
    );
    expect(draft.issues.find((issue) => issue.message.startsWith('route'))?.pointer).toBe('/route');

    // Its preview is the draft, not the page that had the route (privacy-policy.json sorts after blog.json).
    const later = await readDefinition('privacy-policy.json');
    later.route = '/blog';
    later.sections.push({ block: 'notice', heading: 'Draft only', text: 'Not saved' });
    const clash = await backend.draft({ file: 'privacy-policy.json', definition: later as never });
    const preview = await backend.preview(clash.draftId, new Request(`http://localhost:5173/__preview/${clash.draftId}/blog`));
    expect(preview.sections.at(-1)).toMatchObject({ block: 'notice', props: { heading: 'Draft only' } });
  });

  it('refuses a route that is no single-slash path, on Save and in "New page" (issue 31: it saved "//evil.example")', async () => {
    const session = (await backend.open('terms-services.json'))!;
    const definition = structuredClone(session.definition!) as unknown as Definition;
    definition.route = '//evil.example';
    const refused = await backend.save({ file: 'terms-services.json', definition: definition as never, mtimeMs: session.mtimeMs });
    expect(refused.status).toBe(422);
    const rule =
      'is not a route: each segment is a slash and letters, digits, - _ . or a :param, like /blog/:slug (no //, no / at the end, no . or .. segment)';
    expect(refused.body.issues?.map((issue) => [issue.pointer, issue.message])).toEqual([['/route', `"//evil.example" ${rule}`]]);
    expect(refused.body.issues?.map((issue) => issue.text)).toEqual(await cliIssues('terms-services.json', refused.body.text!));
    expect(await readFile(path.join(dir, 'terms-services.json'), 'utf8')).toBe(session.text);
    for (const route of ['//evil.example', '/a//b', '/zz-trailing/']) {
      const created = await backend.create({ route, name: 'zz-not-a-route', blocks: [] });
      expect(created.status, route).toBe(422);
      expect(created.body.errors, route).toEqual([`route "${route}" ${rule}`]);
    }
    expect(backend.list().map((entry) => entry.name)).not.toContain('zz-not-a-route.json');
  });

  it('refuses drafts outside the folder or without a definition', async () => {
    const definition = await readDefinition('about.json');
    await expect(backend.draft({ file: '../about.json', definition: definition as never })).rejects.toMatchObject({ status: 403 });
    await expect(backend.draft({ file: 'about.json', definition: [] as never })).rejects.toMatchObject({ status: 400 });
  });

  it('checks a draft against the other definitions as they are on disk now: one edited since is seen by the next check', async () => {
    const privacy = await readDefinition('privacy-policy.json');
    const check = async () =>
      (await backend.draft({ file: 'privacy-policy.json', definition: privacy as never })).issues.map((i) => i.message);
    const clash = `route "/privacy-policy" is also defined in ${fileOf('terms-services.json')}: two pages cannot share a route`;
    expect(await check()).toEqual([]);
    const terms = path.join(dir, 'terms-services.json');
    const before = await readFile(terms, 'utf8');
    const { atime, mtime } = await stat(terms);
    try {
      // Another file takes its route on disk (same size, its modification time set back); the site has not reloaded.
      await writeFile(terms, before.replace('"route": "/terms-services"', '"route": "/privacy-policy"'));
      await utimes(terms, atime, mtime);
      expect((await stat(terms)).size).toBe(Buffer.byteLength(before));
      expect(await check()).toEqual([clash]);
    } finally {
      await writeFile(terms, before);
    }
    expect(await check()).toEqual([]);
  });

  it('previews a draft: the page loader renders it in place of its file', async () => {
    const definition = await readDefinition('privacy-policy.json');
    definition.sections.push({ block: 'notice', heading: 'Draft only', text: 'Not saved' });
    const draft = await backend.draft({ file: fileOf('privacy-policy.json'), definition: definition as never });
    const page = await backend.preview(draft.draftId, new Request(`http://localhost:5173/__preview/${draft.draftId}/privacy-policy`));
    expect(page.sections.at(-1)).toMatchObject({ block: 'notice', props: { heading: 'Draft only' } });
    // The site itself still serves the file on disk.
    expect(
      definitions
        .current()
        .match('/privacy-policy')!
        .definition.sections.some((s) => s.heading === 'Draft only'),
    ).toBe(false);
    await expect(backend.preview('no-such-draft', new Request('http://localhost/__preview/no-such-draft/'))).rejects.toMatchObject({
      init: { status: 404 },
    });
  });

  it('finds the draft and page path of a preview URL', () => {
    expect(previewTarget(new URL('http://localhost/__preview/abc/blog/x?page=2'))).toEqual({ draftId: 'abc', path: '/blog/x?page=2' });
    expect(previewTarget(new URL('http://localhost/__preview/abc'))).toEqual({ draftId: 'abc', path: '/' });
  });
});

describe('images for the picker (issue 22)', () => {
  it("offers the content service's images, found where its contract marks a field as an image, and the site's own files", async () => {
    editor.reads = true;
    const images = await backend.images();
    // Written as the service gives it (the site puts IMAGE_BASE_URL before it), shown from there.
    expect(images).toContainEqual({
      value: 'blog/first.svg',
      preview: 'https://images.example.com/blog/first.svg',
      from: 'content: GET /api/blog_list',
    });
    expect(images).toContainEqual({ value: '/brand/logo.svg', preview: '/brand/logo.svg', from: 'site: public/brand/logo.svg' });
    expect(images).toContainEqual({
      value: '/placeholder/image.svg',
      preview: '/placeholder/image.svg',
      from: 'site: public/placeholder/image.svg',
    });
    // Texts and links are not images; documents are not either.
    const values = images.map((image) => image.value);
    expect(values).not.toContain('First post');
    expect(values).not.toContain('/placeholder/document.pdf');
    // Every endpoint without a route parameter was asked once; none with one.
    expect(asked.filter((read) => read.startsWith('/api/blog/'))).not.toContain('/api/blog/{slug}?');
  });
});

describe("another site's folder (SITE_DIR)", () => {
  it('names its files as `npm run validate` does, relative to the site: a page does not clash with itself', async () => {
    const siteDir = path.join(projectRoot, 'tests/sites/fernhill');
    const options = { fromDisk: true, siteDir, definitionsDir: 'page-definitions', production: false, allowInvalid: true };
    const fernhill = loadDefinitions({ ...options, log: () => undefined });
    const other = createEditorBackend({
      siteDir,
      definitionsDir: path.join(siteDir, 'page-definitions'),
      definitions: fernhill.current,
      read: () => Promise.reject(new ContentError('status', '/', 404)),
      page: { origin: 'https://www.example.com', imageBaseUrl: 'https://images.example.com/' },
      // Publish is tested in publish.test.ts (with a remote of its own).
      git: { remote: 'origin', timeoutMs: 5_000, localTimeoutMs: 10_000 },
      log: { warn: () => undefined, error: () => undefined },
    });
    expect(other.list().map((entry) => [entry.file, entry.issues.length])).toEqual([
      ['page-definitions/event.json', 0],
      ['page-definitions/events.json', 0],
      ['page-definitions/home.json', 0],
      ['page-definitions/not-found.json', 0],
      ['page-definitions/visit.json', 0],
    ]);
    const session = (await other.open('visit.json'))!;
    expect([session.file, session.issues]).toEqual(['page-definitions/visit.json', []]);
    // Its own forms are the form block's choices.
    const form = session.blocks.find((block) => block.name === 'form')!;
    expect((form.schema.properties as Record<string, { enum?: string[] }>).form.enum).toEqual(['group-visit']);
  });
});

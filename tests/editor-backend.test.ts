/** The page editor's backend (src/editor/api/backend.ts) on a temporary copy of page-definitions/. */
import { cp, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitions, type Definitions } from '../src/engine/definitions.server.ts';
import { formatIssue } from '../src/engine/validate/types.ts';
import { ContentError } from '../src/engine/content-client.ts';
import { createEditorBackend, previewTarget, type DevEditorBackend } from '../src/editor/api/backend.ts';
import { definitionText } from '../src/editor/api/rewrite.ts';
import { createValidator, loadDefinitionFiles, loadSiteFile, projectRoot } from '../tools/lib/project.ts';

type Json = Record<string, unknown>;
type Definition = Json & { sections: Json[] };

const samples: Record<string, unknown> = {
  '/api/page/about-us': { page_data: { name: 'About Veltrix', page_title: 'About', content: `<p>${'long '.repeat(60)}</p>` } },
  '/api/page/privacy-policy': { page_data: { name: 'Privacy Policy', page_title: 'Privacy', content: '<p>Little.</p>' } },
  '/api/blog_list': { list: { data: [{ slug: 'first-post', name: 'First post', image_thumbnail: 'blog/first.svg' }], last_page: 1 } },
  '/api/blog/first-post': { post_data: { name: 'First post', content: '<p>Hello</p>' } },
};

let dir: string;
let definitions: Definitions;
let backend: DevEditorBackend;
let reads = true;
const asked: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'editor-backend-'));
  await cp(path.join(projectRoot, 'page-definitions'), dir, { recursive: true });
  definitions = loadDefinitions({ fromDisk: true, definitionsDir: dir, production: false, allowInvalid: true, log: () => undefined });
  backend = createEditorBackend({
    siteDir: projectRoot,
    definitionsDir: dir,
    definitions: definitions.current,
    reload: definitions.reload,
    read: async (readPath, query) => {
      asked.push(`${readPath}?${query.toString()}`);
      const found = samples[readPath];
      if (!reads || found === undefined) throw new ContentError('status', readPath, 404);
      return structuredClone(found);
    },
    page: { origin: 'https://www.example.com', imageBaseUrl: 'https://images.example.com/' },
    log: { warn: () => undefined, error: () => undefined },
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const fileOf = (name: string) => path.relative(projectRoot, path.join(dir, name));
const readDefinition = async (name: string) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as Definition;

/** What `npm run validate` prints for the definitions with `name` holding `text`. */
async function cliIssues(name: string, text: string): Promise<string[]> {
  const validator = await createValidator();
  const files = (await loadDefinitionFiles(dir)).map((f) => (f.file === fileOf(name) ? { file: f.file, text } : f));
  const { issues } = validator.validate(files, await loadSiteFile());
  return issues.filter((issue) => issue.file === fileOf(name)).map(formatIssue);
}

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
    expect(session.previewPath).toBe(`/about-${String(definitions.current().site.brand)}`);
  });

  it('fills the preview path and route parameters from the sitemap list', async () => {
    const session = (await backend.open('blog-post.json'))!;
    expect(session.previewPath).toBe('/blog/first-post');
    expect(session.fields.find((f) => f.path === 'params.slug')).toMatchObject({ type: 'string', sample: 'first-post' });
    expect(session.fields.find((f) => f.path === 'post.post_data.name')).toMatchObject({ sample: 'First post' });
    expect(asked).toContain('/api/blog/first-post?');
  });

  it('opens without samples when the content service cannot be read', async () => {
    reads = false;
    try {
      const session = (await backend.open('privacy-policy.json'))!;
      const name = session.fields.find((f) => f.path === 'page.page_data.name')!;
      expect(name.type).toBe('string');
      expect('sample' in name).toBe(false);
    } finally {
      reads = true;
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

  it('saves a one-field change as a one-line diff, and reports the new modification time', async () => {
    const before = await readFile(path.join(dir, 'terms-services.json'), 'utf8');
    const { mtimeMs } = await stat(path.join(dir, 'terms-services.json'));
    const definition = JSON.parse(before) as Definition;
    (definition.sections[0].heading as Json).default = 'Terms of service';
    const result = await backend.save({ file: 'terms-services.json', definition: definition as never, mtimeMs });
    expect(result.status).toBe(200);
    expect(result.body.saved).toBe(true);
    const after = await readFile(path.join(dir, 'terms-services.json'), 'utf8');
    expect(result.body.text).toBe(after);
    expect(result.body.mtimeMs).toBe((await stat(path.join(dir, 'terms-services.json'))).mtimeMs);
    const a = before.split('\n');
    const b = after.split('\n');
    expect(b.length).toBe(a.length);
    expect(b.filter((line, i) => line !== a[i])).toEqual([
      '      "heading": { "$bind": ["page.page_data.name", "page.page_data.sub_text"], "default": "Terms of service" },',
    ]);
  });

  it('refuses to save over a file changed on disk since it was opened', async () => {
    const session = (await backend.open('company.json'))!;
    const changed = session.text.replace('"layout": "main"', '"layout": "main" ');
    await writeFile(path.join(dir, 'company.json'), changed);
    const result = await backend.save({
      file: 'company.json',
      definition: { ...session.definition!, layout: 'form' },
      mtimeMs: session.mtimeMs - 1000,
    });
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({ saved: false });
    expect(result.body.error).toMatch(/changed on disk/);
    expect(await readFile(path.join(dir, 'company.json'), 'utf8')).toBe(changed);
    // A draft check says so too, in the same words (the editor tells it before any Save).
    const draft = await backend.draft({ file: 'company.json', definition: session.definition!, mtimeMs: session.mtimeMs - 1000 });
    expect(draft.conflict).toBe(result.body.error);
    const current = (await backend.open('company.json'))!;
    expect(
      (await backend.draft({ file: 'company.json', definition: current.definition!, mtimeMs: current.mtimeMs })).conflict,
    ).toBeUndefined();
  });

  it('saves a definition with problems only when told to', async () => {
    const session = (await backend.open('partners.json'))!;
    const definition = structuredClone(session.definition!) as unknown as Definition;
    definition.sections[0].heading = { $bind: 'page.page_data.nam' };
    const refused = await backend.save({ file: 'partners.json', definition: definition as never, mtimeMs: session.mtimeMs });
    expect(refused.status).toBe(422);
    expect(refused.body.issues?.[0].message).toContain('did you mean "name"');
    expect(await readFile(path.join(dir, 'partners.json'), 'utf8')).toBe(session.text);
    const forced = await backend.save({ file: 'partners.json', definition: definition as never, mtimeMs: session.mtimeMs, anyway: true });
    expect(forced.status).toBe(200);
    expect(forced.body.issues?.length).toBeGreaterThan(0);
    expect(await readFile(path.join(dir, 'partners.json'), 'utf8')).toContain('page.page_data.nam"');
    // The site re-read its definitions: the problem is listed.
    expect(backend.list().find((entry) => entry.name === 'partners.json')!.issues.length).toBeGreaterThan(0);
  });

  it('never writes outside the definitions folder', async () => {
    const definition = await readDefinition('about.json');
    for (const file of ['../escape.json', '/tmp/escape.json', 'page-definitions/../../escape.json', `${dir}/../escape.json`]) {
      const result = await backend.save({ file, definition: definition as never, mtimeMs: 0 });
      expect(result.status, file).toBe(403);
      expect(result.body.saved).toBe(false);
    }
    const badName = await backend.save({ file: 'Bad Name.json', definition: definition as never, mtimeMs: 0 });
    expect(badName.status).toBe(400);
  });

  it('never reads or writes through a symbolic link out of the folder', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'editor-outside-'));
    try {
      const secret = `SECRET-${path.basename(outside)}`;
      const definition = await readDefinition('privacy-policy.json');
      const secretText = JSON.stringify({ ...definition, route: '/zz-secret', meta: { title: secret } }, null, 2);
      await writeFile(path.join(outside, 'secret.json'), secretText);
      await writeFile(path.join(outside, 'target.json'), secretText);
      await symlink(path.join(outside, 'secret.json'), path.join(dir, 'zz-link.json'));
      await symlink(path.join(outside, 'target.json'), path.join(dir, 'zz-write.json'));
      await symlink(path.join(outside, 'new.json'), path.join(dir, 'zz-dangling.json'));
      definitions.reload();

      // Read: not listed, not opened, not the base of a draft.
      expect(backend.list().map((entry) => entry.name)).not.toContain('zz-link.json');
      expect(await backend.open('zz-link.json')).toBeUndefined();
      await expect(backend.draft({ file: 'zz-link.json', definition: definition as never })).rejects.toMatchObject({
        status: 403,
        message: expect.stringMatching(/symbolic link/) as unknown,
      });
      // Save: refused, even with the target's own modification time; the target is untouched.
      const { mtimeMs } = await stat(path.join(outside, 'target.json'));
      const saved = await backend.save({ file: 'zz-write.json', definition: definition as never, mtimeMs, anyway: true });
      expect(saved.status).toBe(403);
      expect(saved.body).toMatchObject({ saved: false, error: expect.stringMatching(/symbolic link/) as unknown });
      expect(await readFile(path.join(outside, 'target.json'), 'utf8')).toBe(secretText);
      // Create: never through a link, even one that points nowhere yet.
      const created = await backend.create({ route: '/zz-dangling', name: 'zz-dangling', blocks: [] });
      expect(created.status).toBe(422);
      expect(existsSync(path.join(outside, 'new.json'))).toBe(false);
    } finally {
      for (const name of ['zz-link.json', 'zz-write.json', 'zz-dangling.json']) await rm(path.join(dir, name), { force: true });
      await rm(outside, { recursive: true, force: true });
      definitions.reload();
    }
  });

  it('creates a new definition, empty or with blocks, that validates; a draft until its first Save; never over an existing file', async () => {
    const empty = await backend.create({ route: '/zz-editor-empty', blocks: [] });
    expect(empty).toMatchObject({ status: 201, body: { name: 'zz-editor-empty.json', file: fileOf('zz-editor-empty.json') } });
    // Nothing on disk (so nothing served) until the first Save; listed and opened meanwhile.
    expect(existsSync(path.join(dir, 'zz-editor-empty.json'))).toBe(false);
    expect(backend.list().find((entry) => entry.name === 'zz-editor-empty.json')).toMatchObject({ unsaved: true, served: false });
    const draft = (await backend.open('zz-editor-empty.json'))!;
    expect(draft.mtimeMs).toBe(0);
    expect((await backend.create({ route: '/zz-editor-twice', name: 'zz-editor-empty', blocks: [] })).status).toBe(422);
    const first = await backend.save({ file: 'zz-editor-empty.json', definition: draft.definition!, mtimeMs: 0 });
    expect(first).toMatchObject({ status: 200, body: { saved: true } });
    const text = await readFile(path.join(dir, 'zz-editor-empty.json'), 'utf8');
    expect(JSON.parse(text)).toMatchObject({ route: '/zz-editor-empty', sections: [] });
    expect(await cliIssues('zz-editor-empty.json', text)).toEqual([]);
    expect(backend.list().find((entry) => entry.name === 'zz-editor-empty.json')?.unsaved).toBeUndefined();
    // A first Save never goes over a file that appeared meanwhile.
    await backend.create({ route: '/zz-editor-raced', blocks: [] });
    const raced = (await backend.open('zz-editor-raced.json'))!;
    await writeFile(path.join(dir, 'zz-editor-raced.json'), '{"theirs": true}\n');
    const refused = await backend.save({ file: 'zz-editor-raced.json', definition: raced.definition!, mtimeMs: 0 });
    expect(refused).toMatchObject({
      status: 409,
      body: { saved: false, error: expect.stringMatching(/created on disk meanwhile/) as unknown },
    });
    expect(await readFile(path.join(dir, 'zz-editor-raced.json'), 'utf8')).toBe('{"theirs": true}\n');
    await rm(path.join(dir, 'zz-editor-raced.json'));

    definitions.reload();
    const full = await backend.create({ route: '/zz-editor-full', sources: { page: '/api/page/privacy-policy' }, blocks: ['banner'] });
    expect(full.status).toBe(201);
    const created = (await backend.open('zz-editor-full.json'))!;
    expect(created.issues).toEqual([]);
    expect(created.definition?.sections[0]).toMatchObject({ block: 'banner', heading: { $bind: 'page.page_data.name' } });

    const again = await backend.create({ route: '/zz-editor-other', name: 'zz-editor-empty', blocks: [] });
    expect(again.status).toBe(422);
    // Words for the editor's form as much as for the command line (it said "choose another --name").
    expect(again.body.errors?.join('\n')).toMatch(/already exists: choose another file name/);
    expect(again.body.errors?.join('\n')).not.toMatch(/--/);
    const malformed = await backend.create({ route: 42, blocks: [] } as never);
    expect(malformed.status).toBe(400);
  });

  it('lists every block and endpoint for a new page', async () => {
    const catalog = await backend.catalog();
    expect(catalog.blocks.map((b) => b.name)).toContain('rich-text');
    expect(catalog.endpoints.some((e) => e.path === '/api/page/{slug}' || e.path === '/api/page/about-us')).toBe(true);
  });
});

describe('images for the picker (issue 22)', () => {
  it("offers the content service's images, found where its contract marks a field as an image, and the site's own files", async () => {
    reads = true;
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

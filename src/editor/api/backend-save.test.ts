/** The page editor's backend (src/editor/api/backend.ts): saving and creating definitions, never outside the folder, on a temporary copy of page-definitions/. */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Definitions } from '../../engine/definitions.server.ts';
import type { DevEditorBackend } from './backend.ts';
import { backendOnCopy, type Definition, type Json } from '../../../tests/helpers/editor-backend.ts';

const editor = backendOnCopy();
const { fileOf, readDefinition, cliIssues, cliWarnings } = editor;
let dir: string;
let definitions: Definitions;
let backend: DevEditorBackend;
beforeAll(() => ({ dir, definitions, backend } = editor));

describe('editor backend: saving and creating', { timeout: 60_000 }, () => {
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

  it('tells a draft’s warnings as npm run validate prints them (an emptied navigation, a link without text), and saves it all the same', async () => {
    const session = (await backend.open('faq-subscription-billing.json'))!;
    expect(session.warnings).toEqual([]);
    const definition = structuredClone(session.definition!) as unknown as Definition;
    const faq = definition.sections.find((section) => section.block === 'accordion')!;
    (faq.nav as Json).links = [];
    (faq.footerLink as Json).label = '';
    const draft = await backend.draft({ file: 'faq-subscription-billing.json', definition: definition as never });
    expect(draft.issues).toEqual([]);
    const said = await cliWarnings('faq-subscription-billing.json', draft.text);
    expect(said).toHaveLength(2);
    expect(draft.warnings.map((warning) => warning.text)).toEqual(said);
    expect(draft.warnings.map((warning) => warning.message)).toEqual([
      expect.stringMatching(/^an empty navigation/),
      expect.stringMatching(/^a link without text/),
    ]);
    // A warning refuses nothing: saved, and said again with the saved text.
    const saved = await backend.save({ file: 'faq-subscription-billing.json', definition: definition as never, mtimeMs: session.mtimeMs });
    expect(saved.status).toBe(200);
    expect(saved.body.warnings?.map((warning) => warning.text)).toEqual(said);
    expect((await backend.open('faq-subscription-billing.json'))!.warnings.map((warning) => warning.text)).toEqual(said);
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

/** npm run new-page, planning (src/authoring/new-page.ts): checks without writing anything (the full flow is in tests/dev-server.e2e.test.ts). */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import prettier from 'prettier';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { blockNames } from '../src/blocks/registry.ts';
import { withBrand } from '../src/engine/brand.ts';
import { definitionsDirectory, projectRoot, siteDirectory } from '../tools/lib/project.ts';
import { loadProject, nameFromRoute, planPage, schemaReference, type Project } from '../src/authoring/new-page.ts';
import { ask, type Prompter } from '../tools/new-page/prompts.ts';

let project: Project;
beforeAll(async () => {
  project = loadProject(definitionsDirectory(), siteDirectory());
});

describe('npm run new-page (planning)', { timeout: 30_000 }, () => {
  it('binds obvious props to the source and keeps fixture settings; the result validates', async () => {
    const plan = await planPage(
      { route: '/zz-plan', sources: { page: '/api/page/privacy-policy' }, blocks: ['banner', 'rich-text', 'notice'] },
      project,
    );
    expect(plan.errors).toEqual([]);
    expect(plan.file).toBe('page-definitions/zz-plan.json');
    const sections = plan.definition.sections as Record<string, unknown>[];
    expect(sections[0]).toMatchObject({
      block: 'banner',
      heading: { $bind: 'page.page_data.name' },
      image: { $bind: 'page.page_data.image' },
      size: 'page',
    });
    expect(sections[1]).toMatchObject({ block: 'rich-text', html: { $bind: 'page.page_data.content' } });
    // No obvious binding: the fixture, as example content.
    expect(sections[2].block).toBe('notice');
    expect(Object.keys(sections[2]).length).toBeGreaterThan(1);
    // The title comes from page.page_data.page_title: no meta needed.
    expect(plan.definition.meta).toBeUndefined();
    expect(plan.text.startsWith('{\n  "$schema": "../schemas/page-definition.schema.json",\n  "version": 1,\n')).toBe(true);
    // Written as `npm run format` would leave it.
    const config = await prettier.resolveConfig(path.join(projectRoot, plan.file));
    expect(config?.printWidth).toBe(140);
    expect(await prettier.format(plan.text, { ...config, parser: 'json', filepath: plan.file })).toBe(plan.text);
  });

  it('plans into PAGE_DEFINITIONS_DIR, with a $schema path that works from there', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'new-page-plan-'));
    try {
      await cp(path.join(projectRoot, 'page-definitions'), dir, { recursive: true });
      const before = process.env.PAGE_DEFINITIONS_DIR;
      process.env.PAGE_DEFINITIONS_DIR = dir;
      let elsewhere: Project;
      try {
        elsewhere = loadProject(definitionsDirectory(), siteDirectory());
      } finally {
        if (before === undefined) delete process.env.PAGE_DEFINITIONS_DIR;
        else process.env.PAGE_DEFINITIONS_DIR = before;
      }
      expect(elsewhere.definitionsDir).toBe(dir);
      expect(elsewhere.files.length).toBe(project.files.length);
      const plan = await planPage({ route: '/zz-elsewhere', sources: { page: '/api/page/privacy-policy' }, blocks: ['banner'] }, elsewhere);
      expect(plan.errors).toEqual([]);
      expect(path.resolve(projectRoot, plan.file)).toBe(path.join(dir, 'zz-elsewhere.json'));
      const schema = plan.definition.$schema as string;
      expect(path.resolve(dir, schema)).toBe(path.join(projectRoot, 'schemas/page-definition.schema.json'));
      // Taken routes are those of the copy.
      const taken = await planPage({ route: '/blog', blocks: ['banner'], name: 'blog' }, elsewhere);
      expect(taken.errors.join('\n')).toContain(`${path.relative(projectRoot, path.join(dir, 'blog.json'))} already exists`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(schemaReference(path.join(projectRoot, 'page-definitions'))).toBe('../schemas/page-definition.schema.json');
  });

  it("writes the page's own title and description: a page reading another page's content does not take its meta (issue 22)", async () => {
    const plan = await planPage(
      {
        route: '/zz-partners-program',
        sources: { page: '/api/page/partners' },
        blocks: ['banner'],
        title: 'Partner programme | Veltrix',
        description: 'Join the Veltrix partner programme.',
      },
      project,
    );
    expect(plan.errors).toEqual([]);
    expect(plan.definition.meta).toEqual({ title: 'Partner programme | Veltrix', description: 'Join the Veltrix partner programme.' });
    // The banner's heading falls back to the title without the site's name (issue 34: "… | Veltrix" on the page).
    expect((plan.definition.sections as unknown[])[0]).toMatchObject({ block: 'banner', heading: { default: 'Partner programme' } });
  });

  it('asks again at once for a misspelt block, then for the title and description (issue 22)', async () => {
    const answers = ['/zz-asked', '', '', 'banerr, rich-text', 'banner, rich-text', '', 'Asked | Veltrix', 'Asked for.'];
    const asked: string[] = [];
    const said: string[] = [];
    const prompter = {
      done: false,
      question: async (prompt: string) => {
        asked.push(prompt);
        return answers.shift() ?? '';
      },
    } as unknown as Prompter;
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void said.push(line));
    try {
      const input = await ask(prompter, project, {});
      expect(input).toMatchObject({
        route: '/zz-asked',
        blocks: ['banner', ' rich-text'],
        title: 'Asked | Veltrix',
        description: 'Asked for.',
      });
    } finally {
      log.mockRestore();
    }
    expect(said).toContain('  unknown block "banerr" (did you mean "banner"?): try again');
    // The blocks question twice in a row, before the file name.
    expect(asked.map((q) => q.split(/[ (:]/)[0])).toEqual([
      'Route',
      'Layout',
      'Content',
      'Blocks,',
      'Blocks,',
      'File',
      'Page',
      'Description',
    ]);
  });

  it('starts a page with images the site serves and links that go to its own pages (issue 22)', async () => {
    const plan = await planPage({ route: '/zz-starter', blocks: [...blockNames], name: 'zz-starter' }, project);
    expect(plan.errors).toEqual([]);
    const strings: [string, string][] = [];
    const walk = (value: unknown, key = ''): void => {
      if (typeof value === 'string') strings.push([key, value]);
      else if (Array.isArray(value)) value.forEach((entry) => walk(entry, key));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
    };
    walk(plan.definition.sections);
    // Every file the starter content names is one the site serves from public/ (no sample host).
    const files = strings.filter(([, value]) => /\.(?:svg|png|jpe?g|webp|pdf)$/i.test(value)).map(([, value]) => value);
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((file) => !file.startsWith('/') || !existsSync(path.join(projectRoot, 'public', file)))).toEqual([]);
    // Every link goes to a page a definition serves by a fixed route (or is an anchor, phone or e-mail).
    const routes = new Set(
      project.files.flatMap(({ text }) =>
        ([] as string[])
          .concat((JSON.parse(text) as { route?: string | string[] }).route ?? [])
          .map((route) => withBrand(route, project.brand)),
      ),
    );
    routes.add('/zz-starter');
    const hrefs = strings.filter(([key]) => key === 'href').map(([, href]) => href);
    expect(hrefs.length).toBeGreaterThan(5);
    expect(hrefs.filter((href) => !/^(?:#|tel:|mailto:)/.test(href) && !routes.has(href.split(/[?#]/)[0].replace(/(.)\/$/, '$1')))).toEqual(
      [],
    );
    // The author is told which example links were redirected home.
    expect(plan.notes.join('\n')).toContain(
      'card-grid: example links to pages this site does not have point to / (were /blog/five-signs-lease-data)',
    );
  });

  it('places the blocks in the order given, each with the least it needs to show (issue 34)', async () => {
    const plan = await planPage(
      {
        route: '/zz-order',
        sources: { page: '/api/page/partners' },
        blocks: ['banner', 'card-grid', 'accordion', 'form'],
        name: 'zz-order',
      },
      project,
    );
    expect(plan.errors).toEqual([]);
    const sections = plan.definition.sections as Record<string, unknown>[];
    expect(sections.map((s) => s.block)).toEqual(['banner', 'card-grid', 'accordion', 'form']);
    // No example side links, extra link or "View All" to pages of the sample site: only what shows the block.
    expect(Object.keys(sections[2])).toEqual(['block', 'heading', 'items']);
    expect(sections[1]).not.toHaveProperty('footerLink');
    expect(sections[1].items).toBeDefined();
    // The banner: bound to the page, no example button (none of the site's banners has one).
    expect(sections[0]).not.toHaveProperty('cta');
    // The form keeps its fallback link: the way to the team while the form's code loads (every form of the site has one).
    expect(sections[3].fallbackLink).toEqual({ label: 'E-mail sales@veltrix.example', href: 'mailto:sales@veltrix.example' });
  });

  it('gives pages without a page source a title', async () => {
    const plan = await planPage({ route: '/zz-plain', blocks: ['notice'], name: 'zz-plain' }, project);
    expect(plan.errors).toEqual([]);
    expect(plan.definition.meta).toEqual({ title: 'Plain' });
  });

  it('binds a parameterised source on a route with that parameter', async () => {
    const plan = await planPage({ route: '/zz-posts/:slug', sources: { post: '/api/blog/{params.slug}' }, blocks: ['article'] }, project);
    expect(plan.errors).toEqual([]);
    expect((plan.definition.sections as Record<string, unknown>[])[0]).toMatchObject({
      block: 'article',
      title: { $bind: 'post.post_data.name' },
    });
    expect(nameFromRoute('/zz-posts/:slug')).toBe('zz-posts-slug');
  });

  it('refuses taken routes, existing files, unknown sources and blocks, missing parameters', async () => {
    const taken = await planPage({ route: '/blog', blocks: ['banner'], name: 'blog' }, project);
    expect(taken.errors.join('\n')).toMatch(/route "\/blog" is already defined in page-definitions\/blog\.json/);
    expect(taken.errors.join('\n')).toMatch(/page-definitions\/blog\.json already exists/);

    const wrong = await planPage({ route: '/zz-x', sources: { page: '/api/page/blgo' }, blocks: ['baner'] }, project);
    expect(wrong.errors.join('\n')).toMatch(
      /\/api\/page\/blgo is not an endpoint of schemas\/content\/contract\.json \(did you mean "\/api\/page\/blog"\?\)/,
    );
    expect(wrong.errors.join('\n')).toMatch(/unknown block "baner" \(did you mean "banner"\?\)/);

    const params = await planPage({ route: '/zz-y', sources: { post: '/api/blog/{params.slug}' }, blocks: ['article'] }, project);
    expect(params.errors.join('\n')).toMatch(/route parameter "slug" is not in \/zz-y/);

    const reserved = await planPage({ route: '/__catalog/x', blocks: ['banner'] }, project);
    expect(reserved.errors.join('\n')).toMatch(/reserved/);
  });
});

describe('on another site (SITE_DIR)', () => {
  const siteDir = path.join(projectRoot, 'tests/sites/fernhill');

  it("binds what the site's suggestedBindings name in its own content, and relies on its defaultMeta", async () => {
    const fernhill = await loadProject(path.join(siteDir, 'page-definitions'), siteDir);
    const plan = await planPage({ route: '/opening-hours', sources: { page: '/api/library/pages/{params.none}' }, blocks: [] }, fernhill, {
      allowNoBlocks: true,
    });
    expect(plan.errors.join('\n')).toContain('route parameter "none" is not in /opening-hours');

    const page = await planPage(
      { route: '/opening-hours', sources: { page: '/api/library/pages/home' }, blocks: ['banner', 'rich-text'] },
      fernhill,
    );
    expect(plan.file).toBe('page-definitions/opening-hours.json');
    expect(page.errors).toEqual([]);
    expect(page.definition.sections).toEqual([
      {
        block: 'banner',
        heading: { $bind: 'page.heading', default: 'Opening Hours' },
        text: { $bind: 'page.intro' },
        image: { $bind: 'page.hero_image' },
        size: 'page',
      },
      { block: 'rich-text', html: { $bind: 'page.body' }, width: 'narrow' },
    ]);
    // Its defaultMeta (page.seo.title) reads what this page's source has: no meta of its own.
    expect(page.definition).not.toHaveProperty('meta');

    const talk = await planPage(
      { route: '/talks/:slug', sources: { talk: '/api/library/events/{params.slug}' }, blocks: ['article'] },
      fernhill,
    );
    expect(talk.errors).toEqual([]);
    expect(talk.definition.meta).toEqual({
      title: { $bind: 'talk.event.title', default: 'Talks Slug' },
      description: { $bind: 'talk.event.summary' },
    });
    expect((talk.definition.sections as unknown[])[0]).toMatchObject({
      block: 'article',
      title: { $bind: 'talk.event.title' },
      html: { $bind: 'talk.event.description_html' },
    });
  });
});

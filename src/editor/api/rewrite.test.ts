/** The page editor's save text (src/editor/api/rewrite.ts): formatted like the repository's files, the smallest diff. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatJsonFile } from '../../authoring/format-json.ts';
import { SchemaStore } from '../../engine/schema-store.ts';
import { loadSchemas, projectRoot } from '../../../tools/lib/project.ts';
import { definitionText, placeNewKeys } from './rewrite.ts';

const dir = path.join(projectRoot, 'page-definitions');
const names = readdirSync(dir).filter((name) => name.endsWith('.json'));
const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
const file = (name: string) => `page-definitions/${name}`;
const store = new SchemaStore(await loadSchemas());

type Json = Record<string, unknown>;
type Section = Json & { block: string };

/** Lines of `after` that are not in `before` at the same place (both must have as many lines). */
function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return b.filter((line, i) => line !== a[i]);
}

/** The lines of each top-level section of a definition's text (by the two-space indent of its braces). */
function sectionBlocks(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf('  "sections": [');
  const out: string[] = [];
  let current: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '  ]' || line === '  ],') break;
    current.push(line.replace(/,$/, ''));
    if (/^ {4}(\{.*\}|\})$/.test(line.replace(/,$/, ''))) {
      out.push(current.join('\n'));
      current = [];
    }
  }
  return out;
}

describe('definitionText', { timeout: 60_000 }, () => {
  it('leaves every definition of the repository as it is when nothing changed', async () => {
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      const text = read(name);
      expect(await definitionText(text, JSON.parse(text), file(name), store), name).toBe(text);
    }
  });

  it('makes changing one literal a one-line diff, and keeps $schema first', async () => {
    const text = read('about.json');
    const definition = JSON.parse(text) as Json & { sections: Section[] };
    const media = definition.sections.find((s) => s.block === 'media-text')!;
    media.eyebrow = 'About us, changed';
    const out = await definitionText(text, definition, file('about.json'), store);
    expect(changedLines(text, out)).toEqual(['      "eyebrow": "About us, changed",']);
    expect(out.startsWith('{\n  "$schema": ')).toBe(true);
  });

  it('makes changing a string of any definition a one-line diff', async () => {
    for (const name of names) {
      const text = read(name);
      const leaves: (string | number)[][] = [];
      const walk = (value: unknown, at: (string | number)[]) => {
        if (typeof value === 'string' && value && at[0] !== '$schema') leaves.push(at);
        else if (Array.isArray(value)) value.forEach((entry, i) => walk(entry, [...at, i]));
        else if (value && typeof value === 'object') Object.entries(value).forEach(([key, entry]) => walk(entry, [...at, key]));
      };
      walk(JSON.parse(text), []);
      // A few strings spread over the file; the same length, so no line grows past the print width.
      for (const at of [0, 1, 2, 3].map((k) => leaves[Math.floor((k * leaves.length) / 4)]).filter(Boolean)) {
        const definition = JSON.parse(text) as Json;
        let parent = definition as Record<string | number, unknown>;
        for (const key of at.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
        const last = at[at.length - 1];
        const old = parent[last] as string;
        parent[last] = (old[0] === 'Z' ? 'Y' : 'Z') + old.slice(1);
        expect(changedLines(text, await definitionText(text, definition, file(name), store)), `${name} ${at.join('/')}`).toHaveLength(1);
      }
    }
  });

  it('changes one line for a literal inside an expanded object of a list', async () => {
    const text = read('blog-post.json');
    const definition = JSON.parse(text) as Json & { structuredData: { items?: Json[] }[] };
    definition.structuredData[1].items![1].url = '/blog-all';
    const out = await definitionText(text, definition, file('blog-post.json'), store);
    expect(changedLines(text, out)).toEqual(['          "url": "/blog-all"']);
  });

  it('moves sections without touching their lines', async () => {
    const text = read('about.json');
    const definition = JSON.parse(text) as Json & { sections: Section[] };
    const sections = definition.sections;
    [sections[0], sections[1]] = [sections[1], sections[0]];
    const out = await definitionText(text, definition, file('about.json'), store);
    const before = sectionBlocks(text);
    const after = sectionBlocks(out);
    expect(after.length).toBe(before.length);
    expect(after).toEqual([before[1], before[0], ...before.slice(2)]);
    expect(out.length).toBe(text.length);
  });

  it('removes only the lines of a removed section', async () => {
    const text = read('about.json');
    const definition = JSON.parse(text) as Json & { sections: Section[] };
    definition.sections.splice(1, 1);
    const out = await definitionText(text, definition, file('about.json'), store);
    const before = sectionBlocks(text);
    expect(sectionBlocks(out)).toEqual([before[0], ...before.slice(2)]);
    const removed = before[1].split('\n').length;
    expect(out.split('\n').length).toBe(text.split('\n').length - removed);
  });

  it('puts a new prop where the block schema has it, and a new page setting where the page schema has it', async () => {
    const text = read('about.json');
    const definition = JSON.parse(text) as Json & { sections: Section[] };
    // banner: heading, subheading, text, image, imageMobile, cta, size
    definition.sections[0].cta = { label: 'Talk to us', href: '/talk-to-us' };
    definition.meta = { title: 'About' };
    const out = await definitionText(text, definition, file('about.json'), store);
    const parsed = JSON.parse(out) as Json & { sections: Section[] };
    expect(Object.keys(parsed.sections[0])).toEqual(['block', 'heading', 'subheading', 'text', 'image', 'imageMobile', 'cta', 'size']);
    // page schema: $schema, version, route, notFound, layout, sources, meta, …, brochureButton, sections
    expect(Object.keys(parsed)).toEqual(['$schema', 'version', 'route', 'layout', 'brochureButton', 'sources', 'meta', 'sections']);
    const lines = out.split('\n');
    expect(lines.filter((line) => !text.split('\n').includes(line))).toEqual([
      '  "meta": { "title": "About" },',
      '      "cta": { "label": "Talk to us", "href": "/talk-to-us" },',
    ]);
  });

  it('keeps the file order of keys when the editor sends them in another order', async () => {
    const text = read('about.json');
    const definition = JSON.parse(text) as Json & { sections: Section[] };
    const [banner] = definition.sections;
    const reordered = Object.fromEntries(Object.entries({ ...banner, size: 'page' }).reverse()) as Section;
    definition.sections[0] = reordered;
    const out = await definitionText(text, definition, file('about.json'), store);
    expect(changedLines(text, out)).toEqual(['      "size": "page"']);
  });

  it('writes a new file exactly as npm run new-page would', async () => {
    const definition = { $schema: '../schemas/page-definition.schema.json', version: 1, route: '/x', sections: [{ block: 'notice' }] };
    expect(await definitionText(undefined, definition, 'page-definitions/x.json', store)).toBe(
      await formatJsonFile(definition, 'page-definitions/x.json'),
    );
  });

  it('rewrites a file that is not JSON from scratch', async () => {
    const definition = { version: 1, sections: [] };
    expect(await definitionText('{ "version": 1, ', definition, 'page-definitions/x.json', store)).toBe(
      await formatJsonFile(definition, 'page-definitions/x.json'),
    );
  });

  it('orders new keys by rank, unranked ones last', () => {
    const rank = new Map(['a', 'b', 'c', 'd'].map((key, i) => [key, i]));
    expect(placeNewKeys(['a', 'd', 'x'], ['c', 'y', 'b'], rank)).toEqual(['a', 'b', 'c', 'd', 'x', 'y']);
    expect(placeNewKeys([], ['d', 'a'], rank)).toEqual(['a', 'd']);
  });
});

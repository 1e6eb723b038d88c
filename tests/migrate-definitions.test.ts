/** The definition migration mechanism (tools/migrate-definitions.ts), with a fake v0 → v1 step. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitionFiles, projectRoot } from '../tools/lib/project.ts';
import {
  CURRENT_VERSION,
  MIGRATIONS,
  migrateDefinition,
  migrateText,
  runMigrations,
  type JsonObject,
  type Migration,
} from '../tools/migrate-definitions.ts';

/** Fake: in "version 1" the banner's "title" prop became "heading", and "tagline" was dropped. */
const renameBannerTitle: Migration = {
  from: 0,
  to: 1,
  description: 'banner: "title" is now "heading"; "tagline" is gone',
  migrate(definition) {
    const sections = (definition.sections as JsonObject[]).map((section) => {
      if (section.block !== 'banner' || !('title' in section)) return section;
      const out: JsonObject = {};
      for (const [key, value] of Object.entries(section)) {
        if (key === 'tagline') continue;
        out[key === 'title' ? 'heading' : key] = value;
      }
      return out;
    });
    return { ...definition, sections };
  },
};

const V0 = `{
  "$schema": "../schemas/page-definition.schema.json",
  "route": "/zz-migrate",
  "layout": "main",
  "sources": { "page": { "path": "/api/page/blog" } },
  "sections": [
    {
      "block": "banner",
      "title": { "$bind": "page.page_data.name", "default": "Blog" },
      "tagline": "old",
      "image": { "$bind": "page.page_data.image" }
    },
    { "block": "rich-text", "html": { "$bind": "page.page_data.content" } }
  ]
}
`;

describe('migrate-definitions', () => {
  it('runs a migration as a pure function and sets the version', () => {
    const input = JSON.parse(V0) as JsonObject;
    const copy = structuredClone(input);
    const result = migrateDefinition(input, [renameBannerTitle], 1);
    expect(input).toEqual(copy);
    expect(result.applied).toEqual([renameBannerTitle]);
    expect(Object.keys(result.definition).slice(0, 2)).toEqual(['$schema', 'version']);
    expect(result.definition.version).toBe(1);
    const banner = (result.definition.sections as JsonObject[])[0];
    expect(banner).toEqual({
      block: 'banner',
      heading: { $bind: 'page.page_data.name', default: 'Blog' },
      image: { $bind: 'page.page_data.image' },
    });
  });

  it('rewrites the text with minimal edits, keeping its 2-space formatting', () => {
    const result = migrateText('zz.json', V0, [renameBannerTitle], 1);
    expect(result.changed).toBe(true);
    expect(JSON.parse(result.text)).toEqual(migrateDefinition(JSON.parse(V0) as JsonObject, [renameBannerTitle], 1).definition);
    expect(result.text).toContain('{\n  "$schema": "../schemas/page-definition.schema.json",\n  "version": 1,\n  "route": "/zz-migrate",');
    // Untouched parts keep their exact lines, one-line objects included.
    expect(result.text).toContain('  "sources": { "page": { "path": "/api/page/blog" } },\n');
    expect(result.text).toContain('    { "block": "rich-text", "html": { "$bind": "page.page_data.content" } }\n');
    expect(result.text).toContain('      "image": { "$bind": "page.page_data.image" }\n');
    expect(result.text).not.toContain('tagline');
    expect(result.text).toMatch(/\n {6}"heading": \{/);
    expect(result.text.endsWith('}\n')).toBe(true);
    // Already current: unchanged, byte for byte.
    expect(migrateText('zz.json', result.text, [renameBannerTitle], 1)).toMatchObject({ changed: false, text: result.text });
  });

  it('refuses versions it does not know and gaps in the table', () => {
    expect(() => migrateDefinition({ version: 3 }, MIGRATIONS, 1)).toThrow(/newer than this tool/);
    expect(() => migrateDefinition({}, [], 1)).toThrow(/no migration from version 0 to 1/);
    expect(() => migrateDefinition({ version: 'one' }, MIGRATIONS, 1)).toThrow(/whole number/);
  });

  it('the shipped table reaches the version the schema accepts, and every definition is current', async () => {
    const schema = JSON.parse(await readFile(path.join(projectRoot, 'schemas/page-definition.schema.json'), 'utf8')) as {
      properties: { version: { const: number } };
    };
    expect(schema.properties.version.const).toBe(CURRENT_VERSION);
    expect(MIGRATIONS.map((m) => [m.from, m.to])).toEqual(Array.from({ length: CURRENT_VERSION }, (_v, i) => [i, i + 1]));
    for (const { file, text } of await loadDefinitionFiles()) {
      const result = migrateText(file, text);
      expect(result.error, file).toBeUndefined();
      if (!file.includes('/zz-')) expect(result.changed, `${file} needs npm run migrate-definitions`).toBe(false);
    }
    // The shipped v0 → v1 step only adds the version.
    expect(migrateDefinition({ $schema: 'x', route: '/a' }).definition).toEqual({ $schema: 'x', version: 1, route: '/a' });
  });

  describe('the command', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'migrate-'));
      await writeFile(path.join(dir, 'old.json'), V0);
      await writeFile(path.join(dir, 'current.json'), V0.replace('"route"', '"version": 1,\n  "route"'));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('--check reports what needs migrating; a run migrates it; then --check passes', async () => {
      const lines: string[] = [];
      const log = (line: string) => lines.push(line);
      expect(await runMigrations({ dir, check: true, migrations: [renameBannerTitle], target: 1, log })).toBe(1);
      expect(lines.join('\n')).toMatch(/old\.json: version 0, needs migrating to 1/);
      expect(await readFile(path.join(dir, 'old.json'), 'utf8')).toBe(V0);

      expect(await runMigrations({ dir, migrations: [renameBannerTitle], target: 1, log })).toBe(0);
      expect(lines.join('\n')).toMatch(/old\.json: migrated 0 → 1/);
      expect(lines.join('\n')).not.toMatch(/current\.json: migrated/);
      const migrated = JSON.parse(await readFile(path.join(dir, 'old.json'), 'utf8')) as JsonObject;
      expect(migrated.version).toBe(1);
      expect((migrated.sections as JsonObject[])[0].heading).toBeDefined();

      expect(await runMigrations({ dir, check: true, migrations: [renameBannerTitle], target: 1, log })).toBe(0);
    });
  });
});

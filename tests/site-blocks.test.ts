/**
 * A site folder brings blocks of its own and overrides engine blocks by name (issue 33): the second
 * site (tests/sites/fernhill/) has an "opening-hours" block of its own and its own look for the
 * engine's "notice". The validator reads their schemas from its folder, the generator lists their
 * components in its src/generated/, the block docs describe them in its docs/; the main site has
 * none. (Pages, catalog and editor: tests/second-site.e2e.test.ts.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { blockSchemaId } from '../src/engine/schema-store.ts';
import { readSiteBlocks } from '../src/engine/site-inputs.server.ts';
import { formatIssue } from '../src/engine/validate/types.ts';
import { generateSiteBlockDocs, SITE_DOCS_FILE } from '../tools/generate-block-docs.ts';
import { blockChunksOf } from '../tools/lib/block-chunks.ts';
import { createValidator, loadDefinitionFiles, loadSchemas, loadSiteFile, projectRoot } from '../tools/lib/project.ts';
import * as siteList from './sites/fernhill/src/blocks/components.generated.ts';

const siteDir = path.join(projectRoot, 'tests/sites/fernhill');
const fixtures = import.meta.glob<Record<string, unknown>>('./sites/fernhill/src/blocks/*/fixture.ts', { import: 'fixture', eager: true });

async function issuesOf(site: string, edit: (text: string) => string = (text) => text) {
  const validator = await createValidator(site);
  const files = (await loadDefinitionFiles(path.join(site, 'page-definitions'), site)).map((file) => ({ ...file, text: edit(file.text) }));
  return validator.validate(files, await loadSiteFile(site)).issues.map(formatIssue);
}

describe('blocks of a site folder', () => {
  it('are found in its folder: its own block (schema and component) and its override of an engine block (component)', () => {
    expect(readSiteBlocks(siteDir)).toEqual([
      {
        name: 'notice',
        overrides: true,
        component: 'src/blocks/notice/component.tsx',
        fixture: 'src/blocks/notice/fixture.ts',
        style: 'src/blocks/notice/style.css',
      },
      {
        name: 'opening-hours',
        overrides: false,
        schema: 'schemas/blocks/opening-hours.schema.json',
        component: 'src/blocks/opening-hours/component.tsx',
        fixture: 'src/blocks/opening-hours/fixture.ts',
        style: 'src/blocks/opening-hours/style.css',
      },
    ]);
    // The main site is the engine's folder: it brings none.
    expect(readSiteBlocks(projectRoot)).toEqual([]);
  });

  it('are checked by the validator against their schema, with file, line and JSON path', async () => {
    expect(await issuesOf(siteDir)).toEqual([]);
    const broken = await issuesOf(siteDir, (text) => text.replace('"closedLabel": "Closed"', '"closedLable": "Closed"'));
    expect(broken).toEqual([
      expect.stringMatching(
        /^page-definitions\/visit\.json:\d+:\d+ \/sections\/2\/closedLable: unknown property "closedLable" \(did you mean "closedLabel"\?\)/,
      ),
    ]);
    // The engine alone has no such block.
    const engineOnly = await createValidator(projectRoot);
    const visit = readFileSync(path.join(siteDir, 'page-definitions/visit.json'), 'utf8');
    const { issues } = engineOnly.validate([{ file: 'page-definitions/visit.json', text: visit }], await loadSiteFile(siteDir));
    expect(issues.map(formatIssue).join('\n')).toMatch(/unknown block "opening-hours"/);
  });

  it('are listed by the generator for the site: components by name, held ones, and each renders its fixture on the server', async () => {
    const site = siteList as unknown as {
      blockLoaders: Record<string, () => Promise<ComponentType<Record<string, unknown>>>>;
      heldBlocks: ReadonlySet<string>;
    };
    expect(Object.keys(site.blockLoaders)).toEqual(['notice', 'opening-hours']);
    // The override keeps the engine's schema ("x-hydrate": false), the site's block says so itself.
    expect([...site.heldBlocks]).toEqual(['notice', 'opening-hours']);

    const ajv = new Ajv({ strict: false, allErrors: true, allowUnionTypes: true });
    addFormats(ajv);
    ajv.addFormat('image', true).addFormat('image-path', true);
    for (const schema of await loadSchemas(siteDir)) ajv.addSchema(schema);
    for (const name of Object.keys(site.blockLoaders)) {
      const fixture = fixtures[`./sites/fernhill/src/blocks/${name}/fixture.ts`];
      const validate = ajv.getSchema(blockSchemaId(name))!;
      expect(validate(fixture), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      const Block = await site.blockLoaders[name]();
      const Stub = createRoutesStub([{ path: '/', Component: () => createElement(Block, { closedLabel: 'Closed', ...fixture }) }]);
      expect(renderToString(createElement(Stub, { initialEntries: ['/'] }))).toContain(String(fixture.heading).replace(/'/g, '&#x27;'));
    }
  });

  it('held ones have no state, effect or event handler (as the engine’s, tests/registry.test.tsx)', () => {
    for (const name of ['notice', 'opening-hours']) {
      const source = readFileSync(path.join(siteDir, 'src/blocks', name, 'component.tsx'), 'utf8');
      expect(
        [...source.matchAll(/\buse[A-Z]\w*(?=\()|\bon[A-Z]\w*=/g)].map((m) => m[0]),
        name,
      ).toEqual([]);
    }
  });

  it('get modulepreload links for their own chunk: a site’s component wins over the engine’s of its name', () => {
    const manifest = {
      'src/entry.client.tsx': { file: 'assets/entry.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      'src/blocks/notice/component.tsx': { file: 'assets/block-notice-engine.js', imports: ['_shared.js'] },
      'src/blocks/banner/component.tsx': { file: 'assets/block-banner.js' },
      'tests/sites/fernhill/src/blocks/notice/component.tsx': { file: 'assets/block-notice-site.js' },
      'tests/sites/fernhill/src/blocks/opening-hours/component.tsx': { file: 'assets/block-opening-hours.js', imports: ['_shared.js'] },
    };
    expect(blockChunksOf(manifest, '/')).toEqual({
      banner: ['/assets/block-banner.js'],
      notice: ['/assets/block-notice-site.js'],
      'opening-hours': ['/assets/block-opening-hours.js'],
    });
  });

  it('are described in the site’s block docs, which are current', async () => {
    const docs = await generateSiteBlockDocs(siteDir);
    expect(docs).toContain('## opening-hours\n');
    expect(docs).toMatch(/\| `days\[\]\.hours` +\| text +\| +\| e\.g\. 9:30–17:00; none: closed that day\. +\|/);
    expect(docs).toContain('## notice\n');
    expect(docs).toContain("(props: the engine's");
    expect(readFileSync(path.join(siteDir, SITE_DOCS_FILE), 'utf8')).toBe(docs);
  });
});

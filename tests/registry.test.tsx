import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { heldBlocks } from '../src/blocks/components.generated.ts';
import { blockComponent, blockNames } from '../src/blocks/registry.ts';
import { blockSchemaId } from '../src/engine/schema-store.ts';
import { loadSchemas, projectRoot } from '../tools/lib/project.ts';

const fixtures = import.meta.glob<Record<string, unknown>>('../src/blocks/*/fixture.ts', { import: 'fixture', eager: true });

describe('block registry', () => {
  it('uses one name per block: registry key, schema file and folder', () => {
    const schemaNames = readdirSync(path.join(projectRoot, 'schemas/blocks'))
      .filter((f) => f.endsWith('.schema.json'))
      .map((f) => f.replace('.schema.json', ''))
      .sort();
    const folders = readdirSync(path.join(projectRoot, 'src/blocks'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect([...blockNames].sort()).toEqual(schemaNames);
    expect(folders).toEqual(schemaNames);
  });

  // A held block keeps its server HTML when the page hydrates (src/engine/held.tsx): nothing in it
  // may need the browser's React. Reading the URL it was rendered for is allowed (useLocation).
  it.each([...heldBlocks])('%s, held at hydration ("x-hydrate": false), has no state, effect or event handler', (name) => {
    const source = readFileSync(path.join(projectRoot, 'src/blocks', name, 'component.tsx'), 'utf8');
    const hooks = [...source.matchAll(/\buse[A-Z]\w*(?=\()/g)].map((m) => m[0]).filter((hook) => hook !== 'useLocation');
    const handlers = [...source.matchAll(/\bon[A-Z]\w*=/g)].map((m) => m[0]);
    expect([...hooks, ...handlers], `src/blocks/${name}/component.tsx: remove "x-hydrate": false from its schema, or this`).toEqual([]);
  });

  it.each(blockNames)('%s has its component, fixture and test files', (name) => {
    for (const file of ['component.tsx', 'fixture.ts', 'component.test.tsx']) {
      expect(existsSync(path.join(projectRoot, 'src/blocks', name, file)), `src/blocks/${name}/${file}`).toBe(true);
    }
  });

  it.each(blockNames)('%s: the fixture validates against the schema and renders on the server', async (name) => {
    const ajv = new Ajv({ strict: false, allErrors: true, allowUnionTypes: true });
    addFormats(ajv);
    ajv.addFormat('image', true).addFormat('image-path', true);
    for (const schema of await loadSchemas()) ajv.addSchema(schema);
    const fixture = fixtures[`../src/blocks/${name}/fixture.ts`];
    expect(fixture, `src/blocks/${name}/fixture.ts exports fixture`).toBeDefined();
    const validate = ajv.getSchema(blockSchemaId(name))!;
    expect(validate(fixture), JSON.stringify(validate.errors)).toBe(true);

    const Block = (await blockComponent(name)) as ComponentType<Record<string, unknown>>;
    // A data router, as on the site (some blocks use Form and useSubmit).
    const Stub = createRoutesStub([{ path: '/', Component: () => <Block {...fixture} /> }]);
    const html = renderToString(<Stub initialEntries={['/']} />);
    expect(html.length).toBeGreaterThan(50);
    // Something the fixture says is on the page.
    const firstText = JSON.stringify(fixture).match(/"(?:heading|title|name|label)":"([^"]+)"/)?.[1];
    if (firstText) expect(html).toContain(firstText.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
  });
});

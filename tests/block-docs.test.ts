/** docs/blocks.md is generated from the block schemas; this fails when it is stale. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockNames } from '../src/blocks/registry.ts';
import { blockSchemaId } from '../src/renderer/schema-store.ts';
import { DOCS_FILE, generateBlockDocs } from '../tools/generate-block-docs.ts';
import { loadSchemas, projectRoot } from '../tools/lib/project.ts';

describe('block reference (docs/blocks.md)', { timeout: 30_000 }, () => {
  it('is up to date with the schemas (npm run docs -- --check)', () => {
    // Throws (exit 1, "… is stale") when a block schema changed without `npm run docs`.
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'tools/generate-block-docs.ts', '--check'], {
      cwd: projectRoot,
      encoding: 'utf8',
    });
    expect(out).toContain('up to date');
  });

  it('documents every registered block with its description', () => {
    const docs = readFileSync(path.join(projectRoot, DOCS_FILE), 'utf8');
    for (const name of blockNames) expect(docs).toContain(`## ${name}\n`);
  });

  it('changes when a schema changes (so the check catches stale docs)', async () => {
    const schemas = await loadSchemas();
    const banner = schemas.find((s) => s.$id === blockSchemaId('banner'))!;
    const changed = schemas.map((s) =>
      s === banner ? { ...s, properties: { ...s.properties, tagline: { type: 'string', description: 'A new prop.' } } } : s,
    );
    const docs = await generateBlockDocs(changed);
    expect(docs).toMatch(/\| `tagline` +\| text +\| +\| A new prop\. +\|/);
    expect(docs).not.toBe(readFileSync(path.join(projectRoot, DOCS_FILE), 'utf8'));
  });
});

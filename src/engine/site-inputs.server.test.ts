import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE_ROOT, readSiteInputs } from './site-inputs.server.ts';

const copy = mkdtempSync(path.join(tmpdir(), 'site-inputs-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe("a site's inputs from disk", () => {
  it('reads a site folder: definitions named relative to it, the engine schemas and its own, its contract and config', () => {
    const inputs = readSiteInputs(path.join(ENGINE_ROOT, 'tests/sites/fernhill'));
    expect(inputs.files.map((f) => f.file)).toContain('page-definitions/visit.json');
    expect(inputs.site.file).toBe('site.config.json');
    expect(inputs.contract.endpoints.map((e) => e.path)).toContain('/api/library/events');
    const ids = inputs.schemas.map((s) => String(s.$id));
    expect(ids).toEqual(
      expect.arrayContaining([expect.stringContaining('page-definition.schema.json'), expect.stringContaining('group-visit')]),
    );
  });

  it('reads a site without forms (no schemas/forms/), and refuses a definitions folder that is not there', () => {
    for (const part of ['site.config.json', 'page-definitions', 'schemas/content'])
      cpSync(path.join(ENGINE_ROOT, 'tests/sites/fernhill', part), path.join(copy, part), { recursive: true });
    expect(readSiteInputs(copy).files.length).toBeGreaterThan(0);
    expect(() => readSiteInputs(copy, 'no-such-folder')).toThrow(/ENOENT/);
  });
});

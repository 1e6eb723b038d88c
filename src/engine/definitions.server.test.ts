import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadDefinitions, refuseInvalid } from './definitions.server.ts';

const copy = mkdtempSync(path.join(tmpdir(), 'definitions-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('invalid definitions at start-up', () => {
  it('a production server refuses to start on definitions npm run validate rejects, unless told to serve the rest', () => {
    expect(() => refuseInvalid(2, true, false)).toThrow(/2 problem\(s\) in the page definitions .* not starting/);
    expect(() => refuseInvalid(2, true, true)).not.toThrow();
    expect(() => refuseInvalid(2, false, false)).not.toThrow(); // development: logged, broken parts left out
    expect(() => refuseInvalid(0, true, false)).not.toThrow();
  });

  it('a definition with a misspelt layout is never served: left out with a logged error, or no start in production', () => {
    cpSync('page-definitions', copy, { recursive: true });
    const file = path.join(copy, 'privacy-policy.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"layout": "main"', '"layout": "mian"'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const options = { fromDisk: true, definitionsDir: copy, production: false, allowInvalid: false };
    const index = loadDefinitions(options).current();
    expect(index.match('/privacy-policy')).toBeUndefined();
    expect(index.match('/terms-services')).toBeDefined();
    expect(errors.mock.calls.flat().join('\n')).toMatch(/privacy-policy\.json:\d+:\d+ \/layout: must be one of "main"/);
    expect(() => loadDefinitions({ ...options, production: true })).toThrow(/not starting/);
    errors.mockRestore();
  });
});

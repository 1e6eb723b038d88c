/** Each site keeps its own Vite dependency cache (tools/lib/site-dir.ts). */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, viteCacheDirectory } from '../tools/lib/site-dir.ts';

describe("Vite's dependency cache", () => {
  it("is Vite's own folder for the main site and a folder of its own for another site", () => {
    const main = path.join(projectRoot, 'node_modules', '.vite');
    expect(viteCacheDirectory({})).toBe(main);
    const fernhill = viteCacheDirectory({ SITE_DIR: 'tests/sites/fernhill' });
    expect(path.dirname(fernhill)).toBe(main);
    expect(fernhill).not.toBe(main);
    // The same site however it is written: a second start reuses what the first optimised.
    expect(viteCacheDirectory({ SITE_DIR: './tests/sites/fernhill/' })).toBe(fernhill);
    expect(viteCacheDirectory({ SITE_DIR: path.join(projectRoot, 'tests/sites/fernhill') })).toBe(fernhill);
  });
});

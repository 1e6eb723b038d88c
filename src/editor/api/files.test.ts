/** The editor's file cache: each file read once, and again as soon as it changed on disk, whatever its times say. */
import { mkdir, mkdtemp, readFile, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileCache, siteFiles } from './files.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'editor-files-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A cache that counts its reads, at a clock `ahead` ms later than now (no file is racy 10 s after it was written). */
function counting(ahead = 10_000) {
  const reads: string[] = [];
  const cache = fileCache(
    async (abs) => {
      reads.push(path.basename(abs));
      return readFile(abs, 'utf8');
    },
    () => Date.now() + ahead,
  );
  return { cache, reads };
}

describe('fileCache', () => {
  it('reads a file once while it is unchanged', async () => {
    const file = path.join(dir, 'a.json');
    await writeFile(file, '{"a": 1}');
    const { cache, reads } = counting();
    expect(await cache.read(file)).toBe('{"a": 1}');
    expect(await cache.read(file)).toBe('{"a": 1}');
    expect(reads).toEqual(['a.json']);
  });

  it('reads it again after any write: another size, or the same size with its modification time set back', async () => {
    const file = path.join(dir, 'a.json');
    await writeFile(file, '{"a": 1}');
    const { cache, reads } = counting();
    await cache.read(file);
    await writeFile(file, '{"a": 12}');
    expect(await cache.read(file)).toBe('{"a": 12}');
    const { atime, mtime } = await stat(file);
    await writeFile(file, '{"a": 34}');
    await utimes(file, atime, mtime);
    expect(await cache.read(file)).toBe('{"a": 34}');
    expect(reads).toEqual(['a.json', 'a.json', 'a.json']);
  });

  it('reads a file written just before it was read again each time (a coarse clock could hide the next write)', async () => {
    const file = path.join(dir, 'a.json');
    await writeFile(file, '{"a": 1}');
    const { cache, reads } = counting(0);
    await cache.read(file);
    await cache.read(file);
    expect(reads).toEqual(['a.json', 'a.json']);
  });
});

describe('siteFiles', () => {
  it("lists the folder's definitions each time, reading only new and changed files, and forgets removed ones", async () => {
    const definitions = path.join(dir, 'page-definitions');
    await mkdir(definitions);
    await writeFile(path.join(dir, 'site.config.json'), '{}');
    await writeFile(path.join(definitions, 'a.json'), 'A');
    await writeFile(path.join(definitions, 'b.json'), 'B');
    const { cache, reads } = counting();
    const files = siteFiles({ dir: definitions, siteDir: dir }, cache);
    expect(await files.definitions()).toEqual([
      { file: 'page-definitions/a.json', text: 'A' },
      { file: 'page-definitions/b.json', text: 'B' },
    ]);
    expect(await files.site()).toEqual({ file: 'site.config.json', text: '{}' });
    await unlink(path.join(definitions, 'a.json'));
    await writeFile(path.join(definitions, 'c.json'), 'C');
    expect(await files.definitions()).toEqual([
      { file: 'page-definitions/b.json', text: 'B' },
      { file: 'page-definitions/c.json', text: 'C' },
    ]);
    await files.site();
    // Each once (the folder's files are read side by side: in either order).
    expect([...reads].sort()).toEqual(['a.json', 'b.json', 'c.json', 'site.config.json']);
  });
});

/**
 * The editor's file access. Which files a request may name (plain definition files directly in the
 * definitions folder), reading and writing them without following a symbolic link, and the site's
 * definitions and site.config.json as a draft check reads them: read once, and a file again only
 * when it changed on disk (./drafts.ts).
 */
import { constants } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { definitionPaths, siteFilePath, type SourceFile } from '../../engine/site-inputs.server.ts';

/** A request the editor cannot serve: `status` is the HTTP answer (400 malformed, 403 outside the folder). */
export class EditorError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'EditorError';
  }
}

/** A definition file name the editor reads and writes: lower-case words, directly in the folder. */
export const FILE_NAME = /^[a-z0-9][a-z0-9-]*\.json$/;

/** Why a new page's first Save did not create its file. */
export const createdMeanwhile = (abs: string) =>
  `${path.basename(abs)} was created on disk meanwhile: choose another file name for this page`;

/** The refusal of a symbolic link in the definitions folder (it could lead anywhere on the disk). */
function symbolicLink(abs: string): EditorError {
  return new EditorError(
    403,
    `${path.basename(abs)} is a symbolic link: the editor reads and writes only plain files of the definitions folder`,
  );
}

/** The definitions folder and the site folder (files are named relative to it, as `npm run validate` names them), absolute. */
export interface Folders {
  dir: string;
  siteDir: string;
}

/** The file a request names (a plain name, or as validate names it), refused outside the folder. */
export function target({ dir, siteDir }: Folders, file: unknown): { abs: string; file: string } {
  if (typeof file !== 'string' || !file) throw new EditorError(400, 'file: name the definition file, e.g. about.json');
  const abs = /[/\\]/.test(file) ? path.resolve(siteDir, file) : path.resolve(dir, file);
  if (!abs.startsWith(dir + path.sep) || path.dirname(abs) !== dir) {
    throw new EditorError(403, `${file} is not a file of the definitions folder ${path.relative(siteDir, dir) || dir}`);
  }
  if (!FILE_NAME.test(path.basename(abs))) {
    throw new EditorError(400, `${path.basename(abs)}: a definition file name is lower-case letters, digits and dashes, ending in .json`);
  }
  return { abs, file: path.relative(siteDir, abs) };
}

/**
 * The file's text and time, or undefined when there is no plain file of that name. Opened without
 * following a symbolic link (O_NOFOLLOW): a link in the folder could point anywhere.
 */
export async function current(abs: string): Promise<{ text: string; mtimeMs: number } | undefined> {
  let handle;
  try {
    handle = await open(abs, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw symbolicLink(abs);
    return undefined;
  }
  try {
    const info = await handle.stat();
    return info.isFile() ? { text: await handle.readFile('utf8'), mtimeMs: info.mtimeMs } : undefined;
  } finally {
    await handle.close();
  }
}

/** Writes `text` into the file itself, never through a symbolic link; `create`: only if there is none yet (a new page's first Save). Its new time. */
export async function write(abs: string, text: string, create = false): Promise<number> {
  let handle;
  try {
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | (create ? constants.O_EXCL : constants.O_TRUNC);
    handle = await open(abs, flags, 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw symbolicLink(abs);
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new EditorError(409, createdMeanwhile(abs));
    throw error;
  }
  try {
    await handle.writeFile(text);
    return (await handle.stat()).mtimeMs;
  } finally {
    await handle.close();
  }
}

/**
 * A file changed so shortly before it was read that a later write could leave its times as they
 * were (file systems that keep times to the second or two): such a file is read again until it is
 * older than this (git's "racy" files).
 */
const RACY_MS = 2_000;

/** The text of files, each read again only when it changed since it was last read. */
export interface FileCache {
  read(abs: string): Promise<string>;
  /** Forgets every file but these (files gone from the folder). */
  keep(files: Iterable<string>): void;
}

/**
 * A file is read again when its inode, size, modification or change time differ from when it was
 * read (any write changes the change time, even one that sets the modification time back), or when
 * it was racy then (RACY_MS). `readText` and `now` are injectable for tests.
 */
export function fileCache(readText: (abs: string) => Promise<string> = (abs) => readFile(abs, 'utf8'), now = Date.now): FileCache {
  const known = new Map<string, { stamp: string; racy: boolean; text: string }>();
  return {
    async read(abs) {
      const info = await stat(abs);
      const stamp = `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
      const seen = known.get(abs);
      if (seen && seen.stamp === stamp && !seen.racy) return seen.text;
      const racy = now() - Math.max(info.mtimeMs, info.ctimeMs) < RACY_MS;
      const text = await readText(abs);
      known.set(abs, { stamp, racy, text });
      return text;
    },
    keep(files) {
      const kept = new Set(files);
      for (const abs of known.keys()) if (!kept.has(abs)) known.delete(abs);
    },
  };
}

/** The site's inputs a draft check reads from disk: every definition file and site.config.json, as they are now. */
export interface SiteFiles {
  definitions(): Promise<SourceFile[]>;
  site(): Promise<SourceFile>;
}

/** SiteFiles through one FileCache: the folder is listed on each call, each file read only when it changed. */
export function siteFiles({ dir, siteDir }: Folders, cache: FileCache = fileCache()): SiteFiles {
  const siteFile = siteFilePath(siteDir);
  return {
    async definitions() {
      const paths = definitionPaths(siteDir, dir);
      cache.keep([siteFile, ...paths.map(({ abs }) => abs)]);
      return Promise.all(paths.map(async ({ abs, file }) => ({ file, text: await cache.read(abs) })));
    },
    async site() {
      return { file: 'site.config.json', text: await cache.read(siteFile) };
    },
  };
}

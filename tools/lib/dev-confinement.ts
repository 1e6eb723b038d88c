/**
 * What `npm run dev` (tools/dev.ts) keeps to itself. Vite's root is the project folder, so without
 * limits it answers any file in it — as it is, through /@fs/, as ?raw or ?import — including the
 * form outbox with visitors' names, e-mails and phones. Here: the server options that refuse those
 * files (on top of Vite's own refusals: .env, keys, .git) and grant no CORS, and the place of the
 * development outbox, outside the served folder.
 */
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveConfig, type ServerOptions } from 'vite';
import { ConfigError, defaultOf } from '../../src/server/environment.ts';

/** A literal path as a picomatch pattern (Vite matches `server.fs.deny` with picomatch). */
const literal = (file: string) =>
  file
    .split(path.sep)
    .join('/')
    .replace(/[\\*?[\]{}()!+@|]/g, '\\$&');

/**
 * `server` options for the development server of `root`: `fs.deny` is Vite's default list plus
 * the production outbox folder (`data/`, from OUTBOX_DB's default), every SQLite file and its
 * journals (`*.sqlite*`) and `outboxFile` wherever it is; `cors: false` (the site and its HMR are
 * same-origin; no other page, not even on localhost, may read what the dev server answers).
 */
export async function confinedServerOptions(root: string, outboxFile: string): Promise<Pick<ServerOptions, 'fs' | 'cors'>> {
  // Vite's defaults, asked of Vite (a `deny` given replaces them rather than adding to them).
  const defaults = (await resolveConfig({ configFile: false, root, logLevel: 'silent' }, 'serve')).server.fs.deny;
  const outboxFolder = path.dirname(defaultOf('OUTBOX_DB'));
  const deny = [
    ...defaults,
    ...(outboxFolder === '.' ? [] : [`${literal(path.resolve(root, outboxFolder))}/**`]),
    '*.sqlite*',
    `${literal(path.resolve(root, outboxFile))}*`,
  ];
  return { fs: { deny }, cors: false };
}

/**
 * The development outbox when OUTBOX_DB is not set: in the system's temporary folder (outside the
 * served folder; the embedded reference service keeps its submissions there too), one per project
 * folder so several checkouts do not share leads. Its folder is made here, private (0700).
 * The folder's name follows from the project's path, so another user of the machine can make it
 * first, open to all: whoever can write it can read the leads or put a file of theirs in the
 * outbox's place. One that is not private to `uid` (this process's user; another, for tests) is
 * refused with a ConfigError saying what to do, never used or repaired.
 */
export function developmentOutboxFile(root: string, uid = process.getuid?.()): string {
  const tag = createHash('sha256').update(path.resolve(root)).digest('hex').slice(0, 12);
  const folder = path.join(tmpdir(), `site-dev-outbox-${tag}`);
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const problem = notPrivate(folder, uid);
  if (problem)
    throw new ConfigError(
      [
        `OUTBOX_DB is unset and the development outbox's folder ${folder} ${problem}: it would hold the leads the forms receive. ` +
          `Remove it (rm -r ${folder}; its owner or an administrator, if it is not yours) and start npm run dev again, ` +
          'or set OUTBOX_DB to a file in a folder only you can open',
      ],
      'npm run dev cannot start',
    );
  return path.join(folder, 'outbox.sqlite');
}

/** Why `folder` is not a folder private to `uid`, or undefined when it is. */
function notPrivate(folder: string, uid: number | undefined): string | undefined {
  // lstat: a link at that name is refused, not followed to wherever another user pointed it.
  const found = lstatSync(folder);
  if (!found.isDirectory()) return 'is not a folder (a link or a file)';
  // Without a user id (Windows) there are no POSIX owners and modes to check.
  if (uid === undefined) return undefined;
  if (found.uid !== uid) return `belongs to another user (uid ${found.uid}, you are ${uid})`;
  const mode = found.mode & 0o777;
  return mode & 0o077 ? `has mode 0${mode.toString(8)}, open to other users (0700 expected)` : undefined;
}

/**
 * What `npm run dev` (tools/dev.ts) keeps to itself. Vite's root is the project folder, so without
 * limits it answers any file in it — as it is, through /@fs/, as ?raw or ?import — including the
 * form outbox with visitors' names, e-mails and phones. Here: the server options that refuse those
 * files (on top of Vite's own refusals: .env, keys, .git) and grant no CORS, and the place of the
 * development outbox, outside the served folder.
 */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveConfig, type ServerOptions } from 'vite';
import { defaultOf } from '../../src/server/environment.ts';

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
 * folder so several checkouts do not share leads.
 */
export function developmentOutboxFile(root: string): string {
  const tag = createHash('sha256').update(path.resolve(root)).digest('hex').slice(0, 12);
  return path.join(tmpdir(), `site-dev-outbox-${tag}`, 'outbox.sqlite');
}

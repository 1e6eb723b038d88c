/**
 * Runs the production build from a private copy of the project (build/, src/, tools/ …, with
 * node_modules linked), so a rebuild started meanwhile (tests, `npm start`) cannot swap the
 * fingerprinted assets under a running benchmark or export.
 */
import { cpSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot, siteDirectory } from './site-dir.ts';
import { startSiteProcess } from './site-process.ts';

const COPIED = ['build', 'src', 'tools', 'schemas', 'page-definitions', 'public', 'site.config.json', 'package.json', 'tsconfig.json'];
/** Another site (SITE_DIR): its build is the whole site; package.json makes it an ES module package. */
const COPIED_FOR_SITE: [from: 'site' | 'project', entry: string][] = [
  ['site', 'build'],
  ['project', 'package.json'],
];

export interface SnapshotSite {
  url: string;
  /** The copy's root (its build/client holds the assets the site serves). */
  root: string;
  stop(): Promise<void>;
}

function copyProject(siteDir: string): string {
  const entries: [string, string][] =
    siteDir === projectRoot
      ? COPIED.map((entry) => [path.join(projectRoot, entry), entry])
      : COPIED_FOR_SITE.map(([from, entry]) => [path.join(from === 'site' ? siteDir : projectRoot, entry), entry]);
  const stampFile = path.join(siteDir, 'build/server/index.js');
  for (let attempt = 0; attempt < 5; attempt++) {
    const stamp = statSync(stampFile).mtimeMs;
    const root = mkdtempSync(path.join(tmpdir(), 'site-snapshot-'));
    for (const [source, entry] of entries) cpSync(source, path.join(root, entry), { recursive: true });
    symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    if (statSync(stampFile).mtimeMs === stamp) return root;
    rmSync(root, { recursive: true, force: true }); // a build finished while copying: copy again
  }
  throw new Error('the build kept changing while it was being copied');
}

/**
 * `env`: settings over the defaults below (`undefined` leaves a variable unset). `siteDir`: the
 * site whose build runs (SITE_DIR's by default).
 */
export async function startSnapshotSite(env: Record<string, string | undefined>, siteDir = siteDirectory()): Promise<SnapshotSite> {
  const root = copyProject(siteDir);
  const cleanUp = () => rmSync(root, { recursive: true, force: true });
  const site = await startSiteProcess({
    cwd: root,
    mode: 'production',
    // A transient loopback site (bench, export): the stand-in captcha unless the caller says otherwise.
    env: {
      OUTBOX_DB: path.join(root, 'outbox.sqlite'),
      SUBMIT_RATE_LIMIT: '100000',
      CAPTCHA: 'local',
      ...(env.CONTENT_API_BASE ? { IMAGE_BASE_URL: `${env.CONTENT_API_BASE}/uploads` } : {}),
      ...env,
    },
  }).catch((error: unknown) => {
    cleanUp();
    throw error;
  });
  return {
    url: site.url,
    root,
    async stop() {
      await site.end('SIGTERM');
      cleanUp();
    },
  };
}

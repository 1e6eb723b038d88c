/**
 * What the editor's Publish put on a page's branch, as CI and production would take it: the branch
 * cloned from the repository it was committed or pushed to (the editor session's checkout, or the
 * bare `origin` it pushed to), its definitions checked by `npm run validate`, then a production
 * build of a project copy with those definitions, served (tests/editor*.e2e.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { mendBroken, type EditorSession } from './editor-session.ts';
import { buildProject, copyProject } from './project-copy.ts';
import { spawnSite } from './servers.ts';

export interface PublishedSite {
  /** The branch's definitions folder (the file broken on purpose by the session mended). */
  definitionsDir: string;
  /** `npm run validate` on it. */
  validated: { status: number | null; output: string };
  /** The production server of the build. */
  url: string;
}

/**
 * Clones `branch` of `repo` as the definitions of a project copy, validates them, builds the copy and
 * serves it in production for `visit`; everything is stopped and removed after.
 */
export async function withPublishedSite<T>(
  editor: Pick<EditorSession, 'validateCli'>,
  repo: string,
  branch: string,
  visit: (site: PublishedSite) => Promise<T>,
): Promise<T> {
  const copy = await copyProject('editor-e2e-build-');
  try {
    const definitionsDir = path.join(copy, 'page-definitions');
    await rm(definitionsDir, { recursive: true });
    execFileSync('git', ['clone', '--quiet', '--single-branch', '--branch', branch, repo, definitionsDir]);
    // The files of the branch, not a repository inside the project copy.
    await rm(path.join(definitionsDir, '.git'), { recursive: true });
    // The file the session broke for its list test, as the repository has it.
    await mendBroken(definitionsDir);
    const validated = editor.validateCli(definitionsDir);
    buildProject(copy);
    const production = await spawnSite({ CONTENT_API_BASE: inject('contentUrl'), EMBEDDED_CONTENT_SERVICE: '0' }, 'production', copy);
    try {
      return await visit({ definitionsDir, validated, url: production.url });
    } finally {
      await production.stop();
    }
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

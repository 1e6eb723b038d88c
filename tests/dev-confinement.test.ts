/**
 * The development outbox's folder (tools/lib/dev-confinement.ts): its name in the temporary folder
 * is predictable from the project's path, so another user of the machine can make it first. npm run
 * dev makes it private and refuses one that is not (issue 31). TMPDIR is a folder of this test.
 */
import { chmod, lstat, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { developmentOutboxFile } from '../tools/lib/dev-confinement.ts';
import { projectRoot } from '../tools/lib/project.ts';

let tmp: string;
/** The folder npm run dev of this project uses: the name another user can predict. */
let folder: string;
const me = process.getuid?.() ?? 0;

beforeEach(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'dev-outbox-'));
  vi.stubEnv('TMPDIR', tmp);
  // Its name, asked of npm run dev's own function; the test makes (or not) the folder itself.
  folder = path.dirname(developmentOutboxFile(projectRoot));
  await rm(folder, { recursive: true, force: true });
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(tmp, { recursive: true, force: true });
});

/** The refusal's text, or undefined when npm run dev would take the folder. */
function refusal(uid = me): string | undefined {
  try {
    developmentOutboxFile(projectRoot, uid);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe.skipIf(process.platform === 'win32')('the development outbox folder', () => {
  it('is made private (0700) in the temporary folder, one per project', async () => {
    const file = developmentOutboxFile(projectRoot);
    expect(path.dirname(path.dirname(file))).toBe(tmp);
    expect(path.basename(path.dirname(file))).toMatch(/^site-dev-outbox-[0-9a-f]{12}$/);
    const made = await lstat(path.dirname(file));
    expect(made.isDirectory()).toBe(true);
    expect((made.mode & 0o777).toString(8)).toBe('700');
    expect(made.uid).toBe(me);
    // Its own folder, found again: taken as it is.
    expect(developmentOutboxFile(projectRoot)).toBe(file);
  });

  it('is refused when another user could open it (made 0777, as a world-writable folder of another user is)', async () => {
    await mkdir(folder);
    await chmod(folder, 0o777);
    // What npm run dev prints before it ends (exit code 1), as for a wrong setting.
    expect(refusal()).toBe(
      'npm run dev cannot start; fix these settings (docs/configuration.md):\n' +
        `  - OUTBOX_DB is unset and the development outbox's folder ${folder} has mode 0777, open to other users (0700 expected): ` +
        'it would hold the leads the forms receive. ' +
        `Remove it (rm -r ${folder}; its owner or an administrator, if it is not yours) and start npm run dev again, ` +
        'or set OUTBOX_DB to a file in a folder only you can open',
    );
    // Refused, not repaired: whatever another user put in it stays out of reach of the leads.
    expect(((await lstat(folder)).mode & 0o777).toString(8)).toBe('777');
    await chmod(folder, 0o750);
    expect(refusal()).toEqual(expect.stringContaining(`${folder} has mode 0750, open to other users`));
  });

  it('is refused when it belongs to another user, even private', async () => {
    await mkdir(folder, { mode: 0o700 });
    // Seen as the user with the next id: the folder is someone else's.
    expect(refusal(me + 1)).toEqual(expect.stringContaining(`${folder} belongs to another user (uid ${me}, you are ${me + 1})`));
    expect(refusal()).toBeUndefined();
  });

  it('is refused when its name is a link or a file', async () => {
    const elsewhere = path.join(tmp, 'elsewhere');
    await mkdir(elsewhere, { mode: 0o700 });
    await symlink(elsewhere, folder);
    expect(refusal()).toEqual(expect.stringContaining(`${folder} is not a folder (a link or a file)`));
    await rm(folder);
    await writeFile(folder, '');
    expect(refusal()).toEqual(expect.stringContaining(`${folder} is not a folder (a link or a file)`));
  });
});

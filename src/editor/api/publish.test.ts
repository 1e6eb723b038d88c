/**
 * The editor's Publish step (src/editor/api/publish.ts) on a real temporary git checkout: the page's
 * change committed alone to page/<name>, the checked-out branch, index and working tree untouched.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingChange, publish } from './publish.ts';

let root: string;
let pages: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'editor-publish-'));
  pages = path.join(root, 'page-definitions');
  await mkdir(pages);
  git('init', '--quiet', '--initial-branch=main');
  // No identity configured here on purpose: the editor brings a stand-in (a fresh container has none).
  git('config', 'user.name', '');
  await writeFile(path.join(pages, 'partners.json'), '{\n  "route": "/partners",\n  "layout": "main"\n}\n');
  await writeFile(path.join(root, 'README.md'), 'site\n');
  git('add', '.');
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '--quiet', '-m', 'start'], { cwd: root });
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('publishing a page to git', () => {
  it('shows the diff of a changed page, then commits only that file to page/<name>', async () => {
    const file = path.join(pages, 'partners.json');
    await writeFile(file, '{\n  "route": "/partners",\n  "layout": "form"\n}\n');
    // Other work in the checkout: an unrelated change and a staged file stay as they are.
    await writeFile(path.join(root, 'README.md'), 'site, being edited\n');
    await writeFile(path.join(root, 'staged.txt'), 'staged\n');
    git('add', 'staged.txt');

    const pending = (await pendingChange(file))!;
    expect(pending).toMatchObject({ path: 'page-definitions/partners.json', branch: 'page/partners', base: 'main' });
    expect(pending.diff.split('\n')).toEqual([
      '--- a/page-definitions/partners.json',
      '+++ b/page-definitions/partners.json',
      '@@ -1,4 +1,4 @@',
      ' {',
      '   "route": "/partners",',
      '-  "layout": "main"',
      '+  "layout": "form"',
      ' }',
    ]);

    const done = await publish(file, 'Partners: form layout');
    expect(done).toMatchObject({
      branch: 'page/partners',
      files: ['page-definitions/partners.json'],
      push: 'git push -u origin page/partners',
    });
    expect(git('log', '--format=%s', 'main..page/partners')).toBe('Partners: form layout');
    expect(git('show', 'page/partners:page-definitions/partners.json')).toContain('"layout": "form"');
    // Nothing else moved: still on main, README still modified, staged.txt still staged, main unchanged.
    expect(git('symbolic-ref', '--short', 'HEAD')).toBe('main');
    const status = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trimEnd().split('\n');
    expect(status.sort()).toEqual([' M README.md', ' M page-definitions/partners.json', 'A  staged.txt']);
    expect(git('log', '--format=%s', 'main')).toBe('start');
    expect(git('log', '-1', '--format=%an', 'page/partners')).toBe('Page editor');

    // Published: nothing pending against the page's branch; a further change goes on top of it.
    expect((await pendingChange(file))!.diff).toBe('');
    await expect(publish(file, 'again')).rejects.toThrow('has no change to publish on page/partners');
    await writeFile(file, '{\n  "route": "/partners",\n  "layout": "campaign"\n}\n');
    expect((await pendingChange(file))!.base).toBe('page/partners');
    await publish(file, 'Partners: campaign layout');
    expect(git('log', '--format=%s', 'main..page/partners').split('\n')).toEqual(['Partners: campaign layout', 'Partners: form layout']);
  });

  it('publishes a new page (a file git does not know yet) as an added file', async () => {
    const file = path.join(pages, 'partners-program.json');
    await writeFile(file, '{\n  "route": "/partners-program"\n}\n');
    const pending = (await pendingChange(file))!;
    expect(pending.diff.split('\n').slice(0, 3)).toEqual([
      '--- /dev/null',
      '+++ b/page-definitions/partners-program.json',
      '@@ -0,0 +1,3 @@',
    ]);
    const done = await publish(file, 'New page /partners-program');
    expect(git('show', '--name-status', '--format=', done.commit)).toBe('A\tpage-definitions/partners-program.json');
  });

  it('never commits to the branch that is checked out', async () => {
    git('checkout', '--quiet', '-b', 'page/readme');
    try {
      const file = path.join(pages, 'readme.json');
      await writeFile(file, '{}\n');
      await expect(publish(file, 'x')).rejects.toThrow('page/readme is the branch checked out');
    } finally {
      git('checkout', '--quiet', 'main');
    }
  });

  it('outside a git checkout there is nothing to publish: Save is the last step', async () => {
    const plain = await mkdtemp(path.join(tmpdir(), 'editor-publish-plain-'));
    try {
      await writeFile(path.join(plain, 'a.json'), '{}\n');
      expect(await pendingChange(path.join(plain, 'a.json'))).toBeUndefined();
      await expect(publish(path.join(plain, 'a.json'), 'x')).rejects.toThrow('not a git checkout');
      expect(await readFile(path.join(plain, 'a.json'), 'utf8')).toBe('{}\n');
    } finally {
      await rm(plain, { recursive: true, force: true });
    }
  });
});

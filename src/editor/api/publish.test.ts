/**
 * The editor's Publish step (src/editor/api/publish.ts, ./push.ts) on a real temporary git checkout
 * with a real bare repository as `origin`: the page's change committed alone to page/<name>, the
 * checked-out branch and the author's other work untouched, the page's file put back as the branch
 * checked out has it, the branch pushed with its review link; a push that fails or hangs loses nothing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingChange, publish } from './publish.ts';
import { reviewLink } from './push.ts';

let root: string;
let pages: string;
let bare: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const remote = (...args: string[]) => execFileSync('git', [`--git-dir=${bare}`, ...args], { encoding: 'utf8' }).trim();
const status = () => execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trimEnd().split('\n').sort();
const REVIEW = 'https://git.example.com/site/compare/main...{branch}';
const push = { remote: 'origin', reviewUrl: REVIEW, timeoutMs: 20_000, localTimeoutMs: 10_000 };
const PARTNERS = [
  '{',
  '  "route": "/partners",',
  '  "layout": "main",',
  '  "title": "Partners",',
  '  "description": "Our partners",',
  '}',
  '',
];
const partners = () => path.join(pages, 'partners.json');
const edit = async (file: string, from: string, to: string) => writeFile(file, (await readFile(file, 'utf8')).replace(from, to));

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'editor-publish-'));
  bare = await mkdtemp(path.join(tmpdir(), 'editor-publish-origin-'));
  pages = path.join(root, 'page-definitions');
  await mkdir(pages);
  git('init', '--quiet', '--initial-branch=main');
  // No identity configured here on purpose: the editor brings a stand-in (a fresh container has none).
  git('config', 'user.name', '');
  for (const name of ['partners', 'about', 'careers', 'events', 'press'])
    await writeFile(path.join(pages, `${name}.json`), PARTNERS.join('\n'));
  await writeFile(path.join(root, 'README.md'), 'site\n');
  git('add', '.');
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '--quiet', '-m', 'start'], { cwd: root });
  remote('init', '--bare', '--quiet');
  git('remote', 'add', 'origin', bare);
  git('push', '--quiet', 'origin', 'main');
});
afterAll(() => Promise.all([rm(root, { recursive: true, force: true }), rm(bare, { recursive: true, force: true })]));

describe('publishing a page to git', () => {
  it('commits only the changed page to page/<name>, puts the working copy back as it was and pushes the branch to origin', async () => {
    await edit(partners(), '"layout": "main"', '"layout": "form"');
    // Other work in the checkout: an unrelated change and a staged file stay as they are.
    await writeFile(path.join(root, 'README.md'), 'site, being edited\n');
    await writeFile(path.join(root, 'staged.txt'), 'staged\n');
    git('add', 'staged.txt');

    const pending = (await pendingChange(partners(), push))!;
    expect(pending).toMatchObject({ path: 'page-definitions/partners.json', branch: 'page/partners', base: 'main', remote: 'origin' });
    expect(pending.diff.split('\n')).toEqual([
      '--- a/page-definitions/partners.json',
      '+++ b/page-definitions/partners.json',
      '@@ -1,6 +1,6 @@',
      ' {',
      '   "route": "/partners",',
      '-  "layout": "main",',
      '+  "layout": "form",',
      '   "title": "Partners",',
      '   "description": "Our partners",',
      ' }',
    ]);

    const done = await publish(partners(), 'Partners: form layout', push);
    expect(done).toMatchObject({
      branch: 'page/partners',
      files: ['page-definitions/partners.json'],
      workingCopy: 'restored',
      checkedOut: 'main',
      push: {
        outcome: 'pushed',
        remote: 'origin',
        command: 'git push -u origin page/partners',
        review: 'https://git.example.com/site/compare/main...page/partners',
      },
    });
    expect(git('log', '--format=%s', 'main..page/partners')).toBe('Partners: form layout');
    expect(git('log', '-1', '--format=%an', 'page/partners')).toBe('Page editor');
    // The remote has the branch: that one commit on top of main, with the page's new content.
    expect(remote('log', '--format=%H %s', 'main..page/partners')).toBe(`${done.commit} Partners: form layout`);
    expect(remote('show', 'page/partners:page-definitions/partners.json')).toContain('"layout": "form"');
    expect(git('rev-parse', '--abbrev-ref', 'page/partners@{upstream}')).toBe('origin/page/partners');
    // The working copy: still on main, the page back to main's content, the other work as it was.
    expect(git('symbolic-ref', '--short', 'HEAD')).toBe('main');
    expect(await readFile(partners(), 'utf8')).toBe(PARTNERS.join('\n'));
    expect(status()).toEqual([' M README.md', 'A  staged.txt']);
    expect(git('log', '--format=%s', 'main')).toBe('start');
  });

  it("puts a further edit of the page on top of its branch under review, never undoing the branch's change", async () => {
    // The working copy has main's version again: nothing of it is left to publish.
    expect((await pendingChange(partners(), push))!.diff).toBe('');
    await expect(publish(partners(), 'again', push)).rejects.toThrow('has no change to publish on page/partners');

    await edit(partners(), '"description": "Our partners"', '"description": "Partner with us"');
    const pending = (await pendingChange(partners(), push))!;
    expect(pending.base).toBe('page/partners');
    // Both texts as the summary compares them: the branch's version, and it with this edit.
    expect(pending.before).toBe(remote('show', 'page/partners:page-definitions/partners.json') + '\n');
    expect(pending.after).toBe(pending.before!.replace('"description": "Our partners"', '"description": "Partner with us"'));
    expect(pending.diff.split('\n').filter((line) => /^[-+] /.test(line))).toEqual([
      '-  "description": "Our partners",',
      '+  "description": "Partner with us",',
    ]);
    const done = await publish(partners(), 'Partners: description', push);
    expect(done.push.outcome).toBe('pushed');
    const published = remote('show', 'page/partners:page-definitions/partners.json');
    expect(published).toContain('"layout": "form"');
    expect(published).toContain('"description": "Partner with us"');
    expect(remote('log', '--format=%s', 'main..page/partners').split('\n')).toEqual(['Partners: description', 'Partners: form layout']);
    expect(await readFile(partners(), 'utf8')).toBe(PARTNERS.join('\n'));

    // An edit of the same line the branch changed: refused, nothing committed, the file left as it is.
    await edit(partners(), '"layout": "main"', '"layout": "campaign"');
    await expect(publish(partners(), 'campaign', push)).rejects.toThrow(/page\/partners .* changed the same lines/);
    expect(git('log', '-1', '--format=%s', 'page/partners')).toBe('Partners: description');
    expect(await readFile(partners(), 'utf8')).toContain('"layout": "campaign"');
    git('checkout', '--', 'page-definitions/partners.json');
  });

  it('publishes a new page as an added file; the working copy no longer has it, not even staged', async () => {
    const file = path.join(pages, 'partners-program.json');
    await writeFile(file, '{\n  "route": "/partners-program"\n}\n');
    git('add', 'page-definitions/partners-program.json');
    const pending = (await pendingChange(file, push))!;
    expect(pending.before).toBeUndefined();
    expect(pending.after).toBe('{\n  "route": "/partners-program"\n}\n');
    expect(pending.diff.split('\n').slice(0, 3)).toEqual([
      '--- /dev/null',
      '+++ b/page-definitions/partners-program.json',
      '@@ -0,0 +1,3 @@',
    ]);
    const done = await publish(file, 'New page /partners-program', push);
    expect(done.workingCopy).toBe('removed');
    expect(git('show', '--name-status', '--format=', done.commit)).toBe('A\tpage-definitions/partners-program.json');
    expect(remote('show', '--name-status', '--format=%s', 'page/partners-program')).toBe(
      'New page /partners-program\n\nA\tpage-definitions/partners-program.json',
    );
    expect(existsSync(file)).toBe(false);
    expect(status()).toEqual([' M README.md', 'A  staged.txt']);
  });

  it('a push that is refused or cannot reach the remote keeps the commit and says how to push by hand', async () => {
    // The remote's page/about has a commit this checkout does not: the push is not a fast-forward.
    const elsewhere = git('-c', 'user.name=Other', '-c', 'user.email=o@example.com', 'commit-tree', 'main^{tree}', '-p', 'main', '-m', 'x');
    git('push', '--quiet', 'origin', `${elsewhere}:refs/heads/page/about`);
    const about = path.join(pages, 'about.json');
    await edit(about, '"title": "Partners"', '"title": "About"');
    const refused = await publish(about, 'About: title', push);
    expect(refused.push).toMatchObject({ outcome: 'failed', remote: 'origin', command: 'git push -u origin page/about' });
    expect(refused.push.message).toMatch(/\[rejected\].*page\/about/);
    expect(refused.push.review).toBeUndefined();
    expect(git('log', '-1', '--format=%s', 'page/about')).toBe('About: title');
    expect(refused.workingCopy).toBe('restored');

    git('remote', 'add', 'backup', path.join(bare, 'missing'));
    const careers = path.join(pages, 'careers.json');
    await edit(careers, '"title": "Partners"', '"title": "Careers"');
    const unreachable = await publish(careers, 'Careers: title', { ...push, remote: 'backup' });
    expect(unreachable.push).toMatchObject({ outcome: 'failed', remote: 'backup', command: 'git push -u backup page/careers' });
    expect(unreachable.push.message).toMatch(/does not appear to be a git repository/);
    expect(git('log', '-1', '--format=%s', 'page/careers')).toBe('Careers: title');
    expect(status()).toEqual([' M README.md', 'A  staged.txt']);
  });

  it('stops a remote that does not answer at the deadline, with the processes git started for it', async () => {
    // A remote whose receiving end never answers: its pid written, then asleep for a minute.
    const pidFile = path.join(root, '..', `${path.basename(root)}-hung.pid`);
    const hang = path.join(path.dirname(root), `${path.basename(root)}-hang.sh`);
    await writeFile(hang, `#!/bin/sh\necho $$ > '${pidFile}'\nexec sleep 60\n`);
    await chmod(hang, 0o755);
    git('remote', 'add', 'hung', bare);
    git('config', 'remote.hung.receivepack', hang);
    try {
      const events = path.join(pages, 'events.json');
      await edit(events, '"title": "Partners"', '"title": "Events"');
      const started = Date.now();
      const done = await publish(events, 'Events: title', { ...push, remote: 'hung', timeoutMs: 500 });
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(done.push).toMatchObject({
        outcome: 'failed',
        message: 'hung did not answer within 0.5 s: the push was stopped.',
        command: 'git push -u hung page/events',
      });
      expect(git('log', '-1', '--format=%s', 'page/events')).toBe('Events: title');
      // The sleeping receiver was stopped with git, not left behind.
      const pid = Number((await readFile(pidFile, 'utf8')).trim());
      const alive = () => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      await expect.poll(alive, { timeout: 5_000 }).toBe(false);
    } finally {
      await rm(hang, { force: true });
      await rm(pidFile, { force: true });
    }
  });

  it('stops a local git call that does not finish by its deadline, says the checkout is stuck and publishes nothing', async () => {
    // A git that never answers (a checkout on a locked network file system), found first on PATH.
    const bin = await mkdtemp(path.join(tmpdir(), 'editor-stuck-git-'));
    await writeFile(path.join(bin, 'git'), '#!/bin/sh\nexec sleep 60\n');
    await chmod(path.join(bin, 'git'), 0o755);
    const branches = git('branch', '--list');
    await edit(partners(), '"title": "Partners"', '"title": "Our partners"');
    const path0 = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${path0}`;
    try {
      const stuck = { ...push, localTimeoutMs: 300 };
      const started = Date.now();
      const said =
        /^git rev-parse did not finish within 300 ms in .* \(EDITOR_GIT_TIMEOUT_MS\) and was stopped: is the checkout on a locked or slow file system\?$/;
      await expect(pendingChange(partners(), stuck)).rejects.toThrow(said);
      await expect(publish(partners(), 'Partners: title', stuck)).rejects.toThrow(said);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      process.env.PATH = path0;
      await rm(bin, { recursive: true, force: true });
    }
    expect(git('branch', '--list')).toBe(branches);
    await edit(partners(), '"title": "Our partners"', '"title": "Partners"');
  });

  it('without a remote of that name, says so: the commit is made, the command to push is given', async () => {
    const press = path.join(pages, 'press.json');
    await edit(press, '"title": "Partners"', '"title": "Press"');
    expect((await pendingChange(press, { ...push, remote: 'nowhere' }))!.remote).toBeUndefined();
    const done = await publish(press, 'Press: title', { ...push, remote: 'nowhere' });
    expect(done.push).toEqual({ outcome: 'no-remote', remote: 'nowhere', command: 'git push -u nowhere page/press' });
    expect(git('log', '-1', '--format=%s', 'page/press')).toBe('Press: title');
  });

  it('builds the review link from its template, or none without one', () => {
    expect(reviewLink(undefined, 'page/partners')).toBeUndefined();
    expect(reviewLink('https://git.example.com/site/merge_requests/new?source={branch}', 'page/a b')).toBe(
      'https://git.example.com/site/merge_requests/new?source=page/a%20b',
    );
  });

  it('never commits to the branch that is checked out', async () => {
    git('checkout', '--quiet', '-b', 'page/readme');
    try {
      const file = path.join(pages, 'readme.json');
      await writeFile(file, '{}\n');
      await expect(publish(file, 'x', push)).rejects.toThrow('page/readme is the branch checked out');
    } finally {
      await rm(path.join(pages, 'readme.json'));
      git('checkout', '--quiet', 'main');
    }
  });

  it('outside a git checkout there is nothing to publish: Save is the last step', async () => {
    const plain = await mkdtemp(path.join(tmpdir(), 'editor-publish-plain-'));
    try {
      await writeFile(path.join(plain, 'a.json'), '{}\n');
      expect(await pendingChange(path.join(plain, 'a.json'), push)).toBeUndefined();
      await expect(publish(path.join(plain, 'a.json'), 'x', push)).rejects.toThrow('not a git checkout');
      expect(await readFile(path.join(plain, 'a.json'), 'utf8')).toBe('{}\n');
    } finally {
      await rm(plain, { recursive: true, force: true });
    }
  });
});

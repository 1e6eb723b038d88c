/**
 * npm run dev: pages through Vite, and definitions picked up without a restart. The server runs in
 * a copy of the project (a test writes its .env) and reads a temporary copy of page-definitions/
 * (PAGE_DEFINITIONS_DIR), so the test never writes into the real folders; the copies are removed
 * afterwards.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { projectRoot } from '../tools/lib/project.ts';
import { copyProject } from './helpers/project-copy.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';

const content = inject('contentUrl');
let project: string;
let dir: string;
let file: string;
let dev: ChildSite;

function definition(heading: string) {
  return JSON.stringify({
    $schema: path.relative(dir, path.join(projectRoot, 'schemas/page-definition.schema.json')).split(path.sep).join('/'),
    route: '/dev-reload-check',
    layout: 'main',
    meta: { title: heading },
    sections: [{ block: 'notice', heading }],
  });
}

async function headingOf(route: string): Promise<string | undefined> {
  const html = await (await fetch(`${dev.url}${route}`)).text();
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
}

beforeAll(async () => {
  project = await copyProject('dev-server-e2e-project-');
  dir = await mkdtemp(path.join(tmpdir(), 'dev-server-e2e-'));
  await cp(path.join(projectRoot, 'page-definitions'), dir, { recursive: true });
  file = path.join(dir, 'zz-dev-reload-check.json');
  dev = await spawnSite({ CONTENT_API_BASE: content, EMBEDDED_CONTENT_SERVICE: '0', PAGE_DEFINITIONS_DIR: dir }, 'development', project);
});

afterAll(async () => {
  await dev?.stop();
  for (const folder of [dir, project]) if (folder) await rm(folder, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('serves pages through Vite', async () => {
    expect(await headingOf('/')).toMatch(/Shared Infrastructure/);
  });

  it('picks up an added, a changed and a removed definition without a restart', async () => {
    expect((await fetch(`${dev.url}/dev-reload-check`)).status).toBe(404);
    await writeFile(file, definition('First version'));
    await expect.poll(() => headingOf('/dev-reload-check'), { timeout: 15_000, interval: 300 }).toBe('First version');
    await writeFile(file, definition('Second version'));
    await expect.poll(() => headingOf('/dev-reload-check'), { timeout: 15_000, interval: 300 }).toBe('Second version');
    await rm(file);
    await expect.poll(async () => (await fetch(`${dev.url}/dev-reload-check`)).status, { timeout: 15_000, interval: 300 }).toBe(404);
    expect(existsSync(path.join(projectRoot, 'page-definitions/zz-dev-reload-check.json'))).toBe(false);
  });

  it('keeps serving when .env changes, and says it is not read (issue 31: Vite restarted, every page answered 500)', async () => {
    await writeFile(path.join(project, '.env'), 'SITE_ORIGIN=https://changed.example\n');
    await expect.poll(() => dev.output(), { timeout: 15_000, interval: 200 }).toMatch(/\.env changed/);
    // A restarted Vite took a moment to close the module runner the site's modules came from: ask for a while.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await fetch(`${dev.url}/privacy-policy`)).status);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(statuses).toEqual(Array(10).fill(200));
    expect(dev.output()).toContain(
      '[dev] .env changed: ignored (npm run dev reads no .env file: set the value in its environment, see .env.example, and restart it)',
    );
  });
});

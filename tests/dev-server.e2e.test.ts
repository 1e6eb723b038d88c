import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { projectRoot } from '../tools/lib/project.ts';
import { spawnSite, type ChildSite } from './e2e/servers.ts';

const content = inject('contentUrl');
const file = path.join(projectRoot, 'page-definitions/zz-dev-reload-check.json');
let dev: ChildSite;

function definition(heading: string) {
  return JSON.stringify({
    $schema: '../schemas/page-definition.schema.json',
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
  dev = await spawnSite({ CONTENT_API_BASE: content, EMBEDDED_CONTENT_SERVICE: '0' }, 'development');
});

afterAll(async () => {
  await rm(file, { force: true });
  await dev?.stop();
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
  });
});

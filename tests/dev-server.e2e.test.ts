import { spawn, type ChildProcess } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../src/server/config.ts';
import { projectRoot } from '../tools/lib/project.ts';

const content = inject('contentUrl');
const file = path.join(projectRoot, 'page-definitions/zz-dev-reload-check.json');
let dev: ChildProcess;
let url: string;
let output = '';

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
  const html = await (await fetch(`${url}${route}`)).text();
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
}

beforeAll(async () => {
  dev = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--dev'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: '0', CONTENT_API_BASE: content, CONTENT_API_USER: DEFAULT_CONTENT_USER, CONTENT_API_PASSWORD: DEFAULT_CONTENT_PASSWORD, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Site \(development\) on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    dev.stdout!.on('data', onData);
    dev.stderr!.on('data', onData);
  });
});

afterAll(async () => {
  await rm(file, { force: true });
  dev?.kill('SIGTERM');
});

describe('npm run dev', () => {
  it('serves pages through Vite', async () => {
    expect(await headingOf('/')).toMatch(/Mobile Congress/);
  });

  it('picks up an added, a changed and a removed definition without a restart', async () => {
    expect((await fetch(`${url}/dev-reload-check`)).status).toBe(404);
    await writeFile(file, definition('First version'));
    await expect.poll(() => headingOf('/dev-reload-check'), { timeout: 15_000, interval: 300 }).toBe('First version');
    await writeFile(file, definition('Second version'));
    await expect.poll(() => headingOf('/dev-reload-check'), { timeout: 15_000, interval: 300 }).toBe('Second version');
    await rm(file);
    await expect.poll(async () => (await fetch(`${url}/dev-reload-check`)).status, { timeout: 15_000, interval: 300 }).toBe(404);
  });
});

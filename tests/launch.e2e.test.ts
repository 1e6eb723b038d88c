/**
 * Starting right, or refusing clearly: the production launcher (build/server/main.js, `npm run
 * serve`) applies production rules whatever NODE_ENV says, and every launcher (`npm run serve`,
 * `npm start`, `npm run dev`) that cannot start lists every wrong or missing setting in one
 * message, without a stack trace, and exits with 1.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCaptchaToken, sampleBodies } from './helpers/submission-samples.ts';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';
import { projectRoot } from '../tools/lib/project.ts';
import { startSiteProcess } from '../tools/lib/site-process.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'launch-e2e-'));
let content: RunningContentService;
beforeAll(async () => {
  content = await startContentService({ port: 0 });
});
afterAll(async () => {
  await content?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** Only what a shell would hand over besides the settings under test: no NODE_ENV, no site variable. */
const bareEnv = (settings: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? tmp,
  PORT: '0',
  HOST: '127.0.0.1',
  OUTBOX_DB: path.join(tmp, `outbox-${Math.random().toString(36).slice(2)}.sqlite`),
  ...settings,
});

const LAUNCHERS = {
  'npm run serve': ['build/server/main.js'],
  'npm start': ['--import', 'tsx', 'tools/start.ts'],
  'npm run dev': ['--import', 'tsx', 'tools/dev.ts'],
} as const;

/** Runs a launcher until it exits or says it serves (then it is stopped): its code and output. */
function launch(
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; started: boolean; stderr: string; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stderr = '';
    let started = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`neither started nor exited within 60 s:\n${output}`));
    }, 60_000);
    const seen = () => {
      if (!started && /Site (?:\((?:production|development)\) on|ready on) http/.test(output)) {
        started = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      seen();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      stderr += chunk.toString();
      seen();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, started, stderr, output });
    });
  });
}

describe('the production launcher without NODE_ENV', () => {
  it('refuses to start against a real content service with the defaults, naming the credential, the image base and the captcha secret', async () => {
    const run = await launch(LAUNCHERS['npm run serve'], bareEnv({ CONTENT_API_BASE: content.url }));
    expect(run.started, run.output).toBe(false);
    expect(run.code, run.output).toBe(1);
    for (const name of ['CONTENT_API_USER', 'CONTENT_API_PASSWORD', 'IMAGE_BASE_URL', 'RECAPTCHA_SECRET'])
      expect(run.stderr).toContain(name);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('with every setting given, runs with production rules: React production build, real captcha, a stand-in token refused', async () => {
    // Reports which React builds the process ran, when it exits (import's export scan also lists the
    // other build in require.cache, not loaded).
    const preload = path.join(tmp, 'react-builds.cjs');
    writeFileSync(
      preload,
      [
        "process.on('exit', () => {",
        '  const ran = Object.entries(require.cache)',
        '    .filter(([file, module]) => module && module.loaded && /[\\\\/]react(?:-dom)?[\\\\/]cjs[\\\\/]/.test(file))',
        "    .map(([file]) => require('node:path').basename(file));",
        "  process.stdout.write('[react builds] ' + ran.join(' ') + '\\n');",
        '});',
      ].join('\n'),
    );
    const site = await startSiteProcess({
      cwd: projectRoot,
      mode: 'production',
      env: {
        ...bareEnv({}),
        NODE_ENV: undefined,
        NODE_OPTIONS: `--require ${preload}`,
        CONTENT_API_BASE: content.url,
        IMAGE_BASE_URL: 'https://images.example.com/uploads',
        RECAPTCHA_SECRET: 'secret-of-the-test',
        RECAPTCHA_SITE_KEY: 'site-key-of-the-test',
      },
    });
    try {
      const page = await fetch(`${site.url}/`);
      expect(page.status).toBe(200);
      // A page with a form: with Google's key its captcha widget is the browser's to render (it was a 500).
      const contact = await fetch(`${site.url}/contact`);
      expect(contact.status).toBe(200);
      expect(await contact.text()).toContain('Loading verification…');
      expect(page.headers.get('content-security-policy')).toContain('https://images.example.com');
      const body = { ...sampleBodies.newsletter(), recaptcha: localCaptchaToken() };
      const form = JSON.parse(readFileSync(path.join(projectRoot, 'src/generated/forms/newsletter.json'), 'utf8')) as {
        schema: { 'x-form': { endpoint: string } };
      };
      const answer = await fetch(`${site.url}${form.schema['x-form'].endpoint}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `launch-${Date.now()}` },
        body: JSON.stringify(body),
      });
      // Google cannot be reached from the test (503) or refuses the token (422): never accepted.
      expect([422, 503]).toContain(answer.status);
    } finally {
      await site.end('SIGTERM');
    }
    expect(site.output()).toMatch(/Captcha: Google reCAPTCHA, verified by the site/);
    const builds = /\[react builds\] (.*)/.exec(site.output())?.[1] ?? '';
    expect(builds).toMatch(/react\.production\.js/);
    expect(builds).toMatch(/react-dom-server\.node\.production\.js/);
    expect(builds).not.toMatch(/development/);
    expect(content.submissions()).toEqual([]);
  });
});

describe('a start that cannot go on', () => {
  const wrong = {
    NODE_ENV: 'production',
    CONTENT_API_BASE: 'http://127.0.0.1:9',
    PORT: 'eighty',
    SITE_ORIGIN: 'https://www.example.com/shop',
    OUTBOX_URL: 'mysql://user:hunter2@db/leads',
    OUTBOX_RETRY_BASE_MS: '5000',
    OUTBOX_RETRY_MAX_MS: '1000',
  };
  const names = [
    'PORT',
    'SITE_ORIGIN',
    'OUTBOX_URL',
    'OUTBOX_RETRY_MAX_MS',
    'CONTENT_API_USER',
    'CONTENT_API_PASSWORD',
    'IMAGE_BASE_URL',
    'RECAPTCHA_SECRET',
  ];

  for (const [launcher, args] of Object.entries(LAUNCHERS)) {
    it(`${launcher}: lists every wrong or missing setting in one message, without a stack trace, and exits with 1`, async () => {
      const run = await launch(args, bareEnv(wrong));
      expect(run.started, run.output).toBe(false);
      expect(run.code, run.output).toBe(1);
      for (const name of names) expect(run.stderr, name).toContain(name);
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(run.stderr).not.toContain('hunter2');
    });
  }

  for (const [launcher, args] of Object.entries(LAUNCHERS)) {
    it(`${launcher}: a port already taken is one line naming the address and the setting, exit 1, no stack trace`, async () => {
      await withTakenPort(async (port) => {
        const run = await launch(args, bareEnv({ PORT: String(port), EMBEDDED_CONTENT_SERVICE: '0' }));
        expect(run.started, run.output).toBe(false);
        expect(run.code, run.output).toBe(1);
        expect(run.stderr).toContain(`The site cannot listen on 127.0.0.1:${port}: the port is in use`);
        expect(run.stderr).toContain('Set PORT (or HOST).');
        expect(run.stderr).not.toMatch(/^\s+at /m);
      });
    });
  }

  it('npm start: the sample content service on a taken port names CONTENT_SERVICE_PORT', async () => {
    await withTakenPort(async (port) => {
      const run = await launch(LAUNCHERS['npm start'], bareEnv({ CONTENT_SERVICE_PORT: String(port) }));
      expect(run.code, run.output).toBe(1);
      expect(run.stderr).toContain(`The sample content service cannot listen on 127.0.0.1:${port}: the port is in use`);
      expect(run.stderr).toContain('Set CONTENT_SERVICE_PORT to a free port');
      expect(run.stderr).not.toMatch(/^\s+at /m);
    });
  });
});

/** Runs `body` while another server holds a loopback port. */
async function withTakenPort(body: (port: number) => Promise<void>): Promise<void> {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  try {
    await body((holder.address() as AddressInfo).port);
  } finally {
    await new Promise((resolve) => holder.close(resolve));
  }
}

/**
 * Once per e2e run: builds the site (unless E2E_SKIP_BUILD=1), starts the reference content
 * service on a free port and the production server against it.
 */
import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startContentService } from '../../tools/content-service/server.ts';
import { projectRoot } from '../../tools/lib/project.ts';
import { spawnSite } from './servers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    contentUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // Vitest sets NODE_ENV=test, which would make Vite build a development bundle.
    const build = spawnSync('npx', ['react-router', 'build'], {
      cwd: projectRoot,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
  }
  const content = await startContentService({ port: 0 });
  let site;
  try {
    site = await spawnSite({ CONTENT_API_BASE: content.url, EMBEDDED_CONTENT_SERVICE: '0' });
  } catch (error) {
    await content.close();
    throw error;
  }
  project.provide('siteUrl', site.url);
  project.provide('contentUrl', content.url);
  return async () => {
    await site.stop();
    await content.close();
  };
}

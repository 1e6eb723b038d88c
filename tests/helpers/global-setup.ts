/**
 * Once per e2e run: builds the site unless its build is current (the stamp of its inputs' hash,
 * tools/lib/build-state.ts; E2E_SKIP_BUILD=1 skips even the check), starts the reference content
 * service on a free port and the production server against it.
 */
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../tools/lib/build-state.ts';
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
  if (process.env.E2E_SKIP_BUILD !== '1') buildIfStale(projectRoot);
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

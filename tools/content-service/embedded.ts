/**
 * `npm start` and `npm run dev` run everything on one machine: unless CONTENT_API_BASE names a
 * real content service (or EMBEDDED_CONTENT_SERVICE=0), the reference content service starts
 * in-process at the address the site's configuration points at. The site itself never starts it.
 * For another site (SITE_DIR), its own stand-in answers instead, from its sample-content/ (./fixture.ts).
 */
import path from 'node:path';
import type { ServerConfig } from '../../src/server/config.ts';
import { readEnvironment } from '../../src/server/environment.ts';
import { projectRoot } from '../lib/site-dir.ts';
import { startFixtureService } from './fixture.ts';
import { startContentService } from './server.ts';

export async function startEmbeddedContent(config: ServerConfig): Promise<{ url: string; close(): Promise<void> } | undefined> {
  if (config.externalContent || readEnvironment().EMBEDDED_CONTENT_SERVICE === '0') return undefined;
  const base = new URL(config.contentApiBase);
  const colon = config.contentApiCredential.indexOf(':');
  const [user, password] = [config.contentApiCredential.slice(0, colon), config.contentApiCredential.slice(colon + 1)];
  const siteDir = path.resolve(projectRoot, config.siteDir);
  if (siteDir !== projectRoot) return startFixtureService({ siteDir, port: Number(base.port), host: base.hostname, user, password });
  return startContentService({ port: Number(base.port), host: base.hostname, user, password, log: false });
}

/**
 * `npm start` and `npm run dev` run everything on one machine: unless CONTENT_API_BASE names a
 * real content service (or EMBEDDED_CONTENT_SERVICE=0), the reference content service starts
 * in-process at the address the site's configuration points at. The site itself never starts it.
 */
import type { ServerConfig } from '../../src/server/config.ts';
import { readEnvironment } from '../../src/server/environment.ts';
import { startContentService } from './server.ts';

export async function startEmbeddedContent(config: ServerConfig): Promise<{ url: string; close(): Promise<void> } | undefined> {
  if (config.externalContent || readEnvironment().EMBEDDED_CONTENT_SERVICE === '0') return undefined;
  const base = new URL(config.contentApiBase);
  const colon = config.contentApiCredential.indexOf(':');
  const [user, password] = [config.contentApiCredential.slice(0, colon), config.contentApiCredential.slice(colon + 1)];
  return startContentService({ port: Number(base.port), host: base.hostname, user, password, log: false });
}

/**
 * npm run dev: the site through Vite (hot reload), with the reference content service unless
 * CONTENT_API_BASE is set. The same createSite as production, loaded through Vite's module graph;
 * when a definition, schema or site.config.json changes the site re-reads its definitions and
 * the browser reloads (definitions are server-only data: no client module changes). Changes to
 * the server's own modules (src/server/) need a restart. A .env file is not read (settings come
 * from the environment, .env.example lists them): one that changes is ignored, and said so.
 */
import type * as SiteModule from '../src/server/site.ts';
import type * as EditorApiModule from '../src/editor/api/api.ts';
import type * as EditorModule from '../src/editor/api/backend.ts';
import { createServer } from 'node:http';
import path from 'node:path';
import { createServer as createViteServer } from 'vite';
import { readConfig } from '../src/server/config.ts';
import { exitOnConfigError, exitOnListenError, readEnvironment } from '../src/server/environment.ts';
import { describeCaptcha } from '../src/server/submissions/config.ts';
import { confinedServerOptions, developmentOutboxFile } from './lib/dev-confinement.ts';
import { startEmbeddedContent } from './content-service/embedded.ts';
import { projectRoot } from './lib/project.ts';
import { DEFINITIONS_CHANGED } from '../src/dev-events.ts';

process.env.NODE_ENV ??= 'development';
const config = exitOnConfigError(() => {
  // The development outbox stays out of the folder Vite serves (production keeps OUTBOX_DB's
  // default), in a private folder of the temporary one: refused, like a wrong setting, when not private.
  process.env.OUTBOX_DB ||= developmentOutboxFile(projectRoot);
  return readConfig();
});
const content = await exitOnListenError(
  'The sample content service',
  'CONTENT_SERVICE_PORT to a free port (or CONTENT_API_BASE to a running service)',
  () => startEmbeddedContent(config),
);
if (content) console.log(`Content service stand-in (sample content) on ${content.url}`);

const server = createServer();
// HMR shares the site's port, so several dev servers can run side by side. Vite serves the project
// folder: never the outbox, SQLite files or Vite's own refusals (.env, keys), and no CORS.
// envDir false: Vite neither reads .env files nor restarts itself when one changes. Its restart
// closed the module runner the site's modules below come from, and every page answered 500
// ("Vite module runner has been closed") until npm run dev was restarted by hand. Nothing here
// needs them: the configuration is read above, from the environment (React Router's plugin only
// copied .env into process.env after that).
const vite = await createViteServer({
  root: projectRoot,
  envDir: false,
  server: { middlewareMode: true, hmr: { server }, ...(await confinedServerOptions(projectRoot, config.submissions.outboxDb)) },
  appType: 'custom',
});
const { createSite } = (await vite.ssrLoadModule('/src/server/site.ts')) as typeof SiteModule;
// The page editor (/__editor) shares the site's module instances, definitions and content reads.
const { createEditorBackend } = (await vite.ssrLoadModule('/src/editor/api/backend.ts')) as typeof EditorModule;
const { editorApi } = (await vite.ssrLoadModule('/src/editor/api/api.ts')) as typeof EditorApiModule;
const siteDir = path.resolve(projectRoot, config.siteDir);
const definitionsDir = path.resolve(siteDir, config.definitionsDir);
// The editor's Publish: where its branches are pushed, how long it waits (push, local git calls), the review link (checked by readConfig above).
const settings = readEnvironment();
const git = {
  remote: settings.EDITOR_PUSH_REMOTE,
  reviewUrl: settings.EDITOR_REVIEW_URL,
  timeoutMs: settings.EDITOR_PUSH_TIMEOUT_MS,
  localTimeoutMs: settings.EDITOR_GIT_TIMEOUT_MS,
};
let editor: ReturnType<typeof createEditorBackend> | undefined;
const site = createSite({
  mode: 'development',
  config,
  viteMiddlewares: vite.middlewares,
  editor: ({ definitions, read, page }) =>
    (editor = createEditorBackend({
      siteDir,
      definitionsDir,
      definitions: definitions.current,
      reload: definitions.reload,
      read,
      page,
      git,
    })),
});
// Loopback clients and same-origin JSON posts only; files are written inside definitionsDir only.
if (editor) vite.middlewares.use(editorApi(editor));

const watched = [definitionsDir, path.join(projectRoot, 'schemas'), path.join(siteDir, 'schemas'), path.join(siteDir, 'site.config.json')];
const isWatched = (file: string) => file.endsWith('.json') && watched.some((entry) => file === entry || file.startsWith(entry + path.sep));
// The files Vite would read by default (.env, .env.local, .env.development…), not the list of settings.
const isEnvFile = (file: string) =>
  path.dirname(file) === projectRoot && /^\.env(\..+)?$/.test(path.basename(file)) && path.basename(file) !== '.env.example';
vite.watcher.add(watched);
for (const event of ['add', 'change', 'unlink'] as const) {
  vite.watcher.on(event, (file: string) => {
    if (isEnvFile(file))
      console.log(
        `[dev] ${path.basename(file)} changed: ignored (npm run dev reads no .env file: set the value in its environment, see .env.example, and restart it)`,
      );
    if (!isWatched(file)) return;
    console.log(`[dev] ${path.relative(projectRoot, file)} changed: reloading definitions`);
    try {
      site.definitions.reload();
    } catch (error) {
      console.error(`[dev] definitions not reloaded: ${(error as Error).message}`);
    }
    // The browser reloads a site page (src/root.tsx); the editor keeps its draft and history.
    vite.ws.send({ type: 'custom', event: DEFINITIONS_CHANGED });
  });
}

const running = await exitOnListenError('The site', 'PORT (or HOST)', () => site.listen({ server }));
console.log(`Outbox (development): ${config.submissions.outboxUrl ? 'PostgreSQL (OUTBOX_URL)' : config.submissions.outboxDb}`);
console.log(`Site (development) on ${running.url}`);
console.log(describeCaptcha(config.submissions.captchaMode));
const stop = () =>
  void running.close().then(async () => {
    await vite.close();
    await content?.close();
    process.exit(0);
  });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

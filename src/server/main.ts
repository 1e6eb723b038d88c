/**
 * Starts the site: Express with compression and static assets, then the app of ./app.ts, through
 * Vite middleware in development (hot reload) or from the production build.
 * Run with `npm run dev` (development) or `npm start` (production build).
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import compression from 'compression';
import express, { type RequestHandler } from 'express';
import { config } from './config.ts';
import { securityHeaders } from './security.ts';
import { startOutbox } from './outbox/start.ts';
import { describeCaptcha, submissionConfig } from './submissions/config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StartOptions {
  mode: 'development' | 'production';
  port?: number;
  host?: string;
  /** Start the reference content service in-process (when no CONTENT_API_BASE is set). */
  withContentService?: boolean;
}

export interface RunningSite {
  url: string;
  contentUrl?: string;
  close(): Promise<void>;
}

export async function startSite(options: StartOptions): Promise<RunningSite> {
  const cfg = config();
  const closers: (() => Promise<void>)[] = [];
  let contentUrl: string | undefined;

  if (options.withContentService ?? cfg.embeddedContentService) {
    // Imported lazily: production deployments point CONTENT_API_BASE at the real service.
    const { startContentService } = await import('../../tools/content-service/server.ts');
    const port = Number(new URL(cfg.contentApiBase).port) || 3001;
    const service = await startContentService({ port, host: new URL(cfg.contentApiBase).hostname, log: false });
    contentUrl = service.url;
    closers.push(() => service.close());
  }

  // Accepted form submissions are delivered to the content service from the outbox, in the background.
  const outbox = startOutbox();
  closers.push(() => outbox.stop());

  const app = express();
  app.disable('x-powered-by');
  app.use(compression());
  // The CSP is enforced on production builds; Vite's development client needs inline scripts.
  app.use(securityHeaders({ csp: options.mode === 'production' }));
  const httpServer = createServer(app);

  if (options.mode === 'development') {
    const vite = await import('vite');
    // HMR shares the site's port, so several dev servers can run side by side.
    const server = await vite.createServer({
      root,
      server: { middlewareMode: true, hmr: { server: httpServer } },
      appType: 'custom',
    });
    closers.push(() => server.close());
    app.use(server.middlewares);
    app.use((async (req, res, next) => {
      try {
        const mod = (await server.ssrLoadModule(path.join(root, 'src/server/app.ts'))) as { app: RequestHandler };
        await mod.app(req, res, next);
      } catch (error) {
        if (error instanceof Error) server.ssrFixStacktrace(error);
        next(error);
      }
    }) as RequestHandler);
  } else {
    const serverBuild = path.join(root, 'build/server/index.js');
    if (!existsSync(serverBuild)) throw new Error('No production build: run `npm run build` (npm start does it for you).');
    // Fingerprinted assets never change under the same name: cache them for a year.
    app.use('/assets', express.static(path.join(root, 'build/client/assets'), { immutable: true, maxAge: '1y', index: false }));
    app.use(express.static(path.join(root, 'build/client'), { maxAge: '1h', index: false }));
    const mod = (await import(pathToFileURL(serverBuild).href)) as { app: RequestHandler };
    app.use(mod.app);
  }

  const host = options.host ?? cfg.host;
  const server: Server = await new Promise((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? cfg.port, host, () => resolve(httpServer));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    contentUrl,
    /**
     * Stops taking connections, lets requests in flight finish (their outbox commits included),
     * then closes whatever is left after SHUTDOWN_TIMEOUT_MS (slow or idle clients cannot hold the
     * process), and stops the outbox worker (it gives its deliveries in flight back, due at once).
     */
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), cfg.shutdownTimeoutMs)));
      if ((await Promise.race([closed, late])) === 'late') {
        console.warn(`[server] connections still open after ${cfg.shutdownTimeoutMs} ms: closed`);
        server.closeAllConnections();
        await closed;
      }
      clearTimeout(timer);
      for (const close of closers.reverse()) await close();
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const mode = process.argv.includes('--dev') ? 'development' : 'production';
  // Refuses to start on a setting that would lose or wrongly accept leads (e.g. no captcha secret in production).
  const captcha = submissionConfig().captchaMode;
  const site = await startSite({ mode });
  if (site.contentUrl) console.log(`Reference content service on ${site.contentUrl}`);
  console.log(`Site (${mode}) on ${site.url}`);
  console.log(describeCaptcha(captcha));
  const stop = () => {
    void site.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * npm start: builds the site if the build is missing or older than its sources, starts the
 * reference content service unless CONTENT_API_BASE is set, then runs the built site (the same
 * createSite that `npm run serve` runs) and prints the URL.
 */
import type * as SiteModule from '../src/server/site.ts';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuild } from './lib/build-state.ts';
import { projectRoot, siteDirectory } from './lib/site-dir.ts';

// React picks its development or production build when first loaded, so nothing here may load
// React before NODE_ENV is set (the npm script sets it; this covers running the file directly).
process.env.NODE_ENV = 'production';

const { readConfig } = await import('../src/server/config.ts');
const { exitOnConfigError, exitOnListenError } = await import('../src/server/environment.ts');
// Read first, with production rules: every wrong or missing setting stops the start here, listed
// in one message, before any build.
const config = exitOnConfigError(() => readConfig(process.env, { production: true }));
// The site of SITE_DIR (default: the main site), built into its folder's build/.
const siteDir = siteDirectory();
ensureBuild(projectRoot, siteDir);
const { startEmbeddedContent } = await import('./content-service/embedded.ts');
const content = await exitOnListenError(
  'The sample content service',
  'CONTENT_SERVICE_PORT to a free port (or CONTENT_API_BASE to a running service)',
  () => startEmbeddedContent(config),
);
if (content)
  console.log(`${siteDir === projectRoot ? 'Reference content service' : 'Stand-in content service'} (sample content) on ${content.url}`);
const build = (await import(pathToFileURL(path.join(siteDir, 'build/server/index.js')).href)) as typeof SiteModule;
const site = build.createSite({ mode: 'production', config });
const running = await exitOnListenError('The site', 'PORT (or HOST)', () => site.listen());
const { describeCaptcha } = await import('../src/server/submissions/config.ts');
console.log(`Site ready on ${running.url}`);
if (running.metricsUrl) console.log(`Metrics on ${running.metricsUrl}`);
console.log(describeCaptcha(config.submissions.captchaMode));
const stop = () =>
  void running.close().then(async () => {
    await content?.close();
    process.exit(0);
  });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

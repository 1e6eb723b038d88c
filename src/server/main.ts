/**
 * Production launcher (`npm run serve`, after `npm run build`): built with the site into
 * build/server/main.js, run by plain Node. Everything else is the site's (./site.ts).
 *
 * It is production by definition, whatever NODE_ENV says: the site applies production rules
 * (createSite's production mode), and NODE_ENV is set before anything loads React, which picks
 * its development or production build from it when first imported. So the site and everything it
 * imports are loaded here dynamically, after that line: no static import may precede it.
 */
if (process.env.NODE_ENV && process.env.NODE_ENV !== 'production')
  console.warn(`NODE_ENV=${process.env.NODE_ENV} ignored: the production launcher always runs in production`);
process.env.NODE_ENV = 'production';

const { createSite } = await import('./site.ts');
const { exitOnConfigError, exitOnListenError } = await import('./environment.ts');
const { describeCaptcha } = await import('./submissions/config.ts');

const site = exitOnConfigError(() => createSite({ mode: 'production' }));
const running = await exitOnListenError('The site', 'PORT (or HOST)', () => site.listen());
// The start lines are written whatever LOG_LEVEL says: operators and tools wait for the first.
const started = site.log.child({ component: 'server' }, { level: 'info' });
started.info(`Site (production) on ${running.url}`);
if (running.metricsUrl) started.info(`Metrics on ${running.metricsUrl}`);
started.info(describeCaptcha(site.config.submissions.captchaMode));
const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

export {};

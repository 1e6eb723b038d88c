/**
 * Production launcher (`npm run serve`, after `npm run build`): built with the site into
 * build/server/main.js, run by plain Node. Everything else is the site's (./site.ts).
 */
import { describeCaptcha } from './submissions/config.ts';
import { createSite } from './site.ts';

const site = createSite({ mode: 'production' });
const running = await site.listen();
console.log(`Site (production) on ${running.url}`);
console.log(describeCaptcha(site.config.submissions.captchaMode));
const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

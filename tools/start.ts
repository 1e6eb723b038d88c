/**
 * npm start: builds the site if the build is missing or older than its sources, then serves it
 * (with the reference content service unless CONTENT_API_BASE is set) and prints the URL.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from './lib/build-state.ts';

// React picks its development or production build when first loaded, so nothing here may load
// React before NODE_ENV is set (the npm script sets it; this covers running the file directly).
process.env.NODE_ENV = 'production';
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

ensureBuild(projectRoot);

const { startSite } = await import('../src/server/main.ts');
const { describeCaptcha, submissionConfig } = await import('../src/server/submissions/config.ts');
// Read first: a setting that would wrongly accept leads stops the start here, with its reason.
const captcha = submissionConfig().captchaMode;
const site = await startSite({ mode: 'production' });
if (site.contentUrl) console.log(`Reference content service (sample content) on ${site.contentUrl}`);
console.log(`Site ready on ${site.url}`);
console.log(describeCaptcha(captcha));
const stop = () => void site.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

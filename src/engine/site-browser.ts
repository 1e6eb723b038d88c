/**
 * The only part of the site config the browser bundle gets: language, theme colour, URL flags and
 * the Web Vitals setting (tools/lib/site-dir.ts serves them; any may be absent). The server
 * validated the whole config against its schema at start.
 */
import config from 'virtual:site/browser-config';
import type { SiteConfig } from '../generated/site-config.ts';

export const browserConfig = config as Pick<SiteConfig, 'language' | 'themeColor' | 'urlFlags' | 'vitals'>;

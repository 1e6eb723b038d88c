/**
 * GET /robots.txt and GET /sitemap.xml: the site's paths (src/engine/sitemap.ts) as absolute URLs
 * on SITE_ORIGIN; a list that cannot be read answers 503/502, never a sitemap with pages missing.
 */
import { Router, type Request, type Response } from 'express';
import type { PageDefinition } from '../engine/validate/types.ts';
import { ContentError, RETRY_AFTER_SECONDS, statusOf } from '../engine/content-client.ts';
import { sitemapPaths, type ReadContent } from '../engine/sitemap.ts';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function sitemapXml(origin: string, paths: string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /__catalog\n\nSitemap: ${origin}/sitemap.xml\n`;
}

export function seoRouter(options: {
  origin: string;
  definitions: () => PageDefinition[];
  read: ReadContent;
  /** Default: console.error. */
  log?: (line: string) => void;
}): Router {
  const log = options.log ?? ((line: string) => console.error(line));
  const router = Router();
  router.get('/robots.txt', (_req: Request, res: Response) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(robotsTxt(options.origin));
  });
  router.get('/sitemap.xml', async (_req: Request, res: Response) => {
    try {
      const paths = await sitemapPaths(options.definitions(), options.read);
      res.type('application/xml').set('Cache-Control', 'public, max-age=300').send(sitemapXml(options.origin, paths));
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      // An incomplete sitemap would tell crawlers pages are gone: answer an error instead.
      log(`[sitemap] ${error.message}`);
      res
        .status(statusOf(error) === 503 ? 503 : 502)
        .set('Retry-After', String(RETRY_AFTER_SECONDS))
        .type('text/plain')
        .send('Sitemap temporarily unavailable');
    }
  });
  return router;
}

/**
 * The site's `/api/*` route: same-origin content reads for the browser, through the site's content
 * client (contract paths only, the credential added, cached), marked `X-Content-Stale: 1` when the
 * last good content is served while the service fails.
 */
import type { Request, RequestHandler, Response } from 'express';
import { ContentError, RETRY_AFTER_SECONDS, statusOf, type ContentClient } from '../engine/content-client.ts';

/** Same-origin content reads: only contract paths (checked by the client: 404 for anything else, unasked). */
export function contentProxy(content: ContentClient): RequestHandler {
  return async (req: Request, res: Response) => {
    const raw = req.originalUrl;
    const at = raw.indexOf('?');
    try {
      const { data, stale } = await content.read(at < 0 ? raw : raw.slice(0, at), new URLSearchParams(at < 0 ? '' : raw.slice(at + 1)));
      if (stale) res.set('X-Content-Stale', '1');
      res.set('Cache-Control', 'public, max-age=60').json(data);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      // The pages' mapping (statusOf), and like their error pages a 503 or 502 says when to try again.
      const status = statusOf(error);
      if (status !== 404) res.set('Retry-After', String(RETRY_AFTER_SECONDS));
      res.status(status).json({ message: status === 404 ? 'Not found' : 'Content service unavailable' });
    }
  };
}

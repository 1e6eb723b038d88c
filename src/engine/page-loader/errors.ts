/**
 * The answers the page loader throws instead of a page: content unavailable (503 when the service
 * could not be reached in time, 502 when it answered badly; Retry-After on both) and a bug (500),
 * each with the site's header and footer.
 */
import { data } from 'react-router';
import { RETRY_AFTER_SECONDS, statusOf, type ContentError } from '../content-client.ts';
import type { ContentUnavailable, ResolvedChrome } from '../page-data.ts';
import type { SiteConfig } from '../../generated/site-config.ts';
import { resolveChrome } from './chrome.ts';
import type { Run } from './run.ts';

export function unavailable(run: Run, error: ContentError, chrome: ResolvedChrome): never {
  run.log.error(`[content] ${error.message}`);
  const payload: ContentUnavailable = {
    kind: 'content-unavailable',
    message: 'This page’s content could not be loaded right now.',
    chrome,
  };
  // 503 when the service could not be reached in time, 502 when it answered badly; either may pass.
  throw data(payload, { status: statusOf(error), headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
}

/**
 * A bug, not bad content: logged, and the visitor still gets the site's header and footer (from
 * site.config.json alone), so the browser needs no copy of the site config.
 */
export function failed(run: Run, request: Request, error: unknown): never {
  run.log.error('[page] failed to load', new URL(request.url).pathname, error);
  const payload: ContentUnavailable = {
    kind: 'content-unavailable',
    message: 'Something went wrong while showing this page.',
    chrome: resolveChrome(run.index.site as unknown as SiteConfig, {}, run.sanitize.html),
    cause: 'server',
  };
  throw data(payload, { status: 500 });
}

/** The status of a response the loader throws on purpose (a not-found page, content unavailable), if it is one. */
export function thrownStatus(error: unknown): number | undefined {
  if (error instanceof Response) return error.status;
  const thrown = error as { type?: unknown; init?: { status?: number } | null } | null;
  if (thrown?.type === 'DataWithResponseInit') return thrown.init?.status ?? 200;
  return undefined;
}

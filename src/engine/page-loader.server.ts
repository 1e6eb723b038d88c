/**
 * Turns a request into PageData: finds the definition, loads its content sources in parallel,
 * resolves bindings, sanitizes HTML and prefixes image paths as the block schemas declare.
 * createPageLoader takes everything it reads (definitions, content reads, sanitizer, origin), so
 * the pipeline runs alone in unit tests (./page-loader.server.test.ts) and in the content audit.
 * Its steps, one concern each, are in ./page-loader/: the run of a request (run.ts), sources
 * (sources.ts), sanitizing and image URLs (transform.ts), meta (meta.ts), chrome (chrome.ts),
 * sections (sections.ts), SEO and canonical URL (seo.ts), JSON-LD (json-ld.ts), the answers
 * thrown instead of a page (errors.ts) and the page itself (page.ts).
 */
import { LRUCache } from 'lru-cache';
import { data } from 'react-router';
import type { PageData } from './page-data.ts';
import { sanitizeEmbed, sanitizeHtml } from './sanitize.ts';
import { failed, thrownStatus } from './page-loader/errors.ts';
import { loadPage, type LoadedPage } from './page-loader/page.ts';
import type { PageLoaderOptions, PageReport, Run } from './page-loader/run.ts';

export type { PageLoaderOptions, PageReport };

export interface PageLoader {
  /** PageData of the request; throws a 404 page or a content-unavailable payload as a response. */
  loadPage(request: Request): Promise<PageData>;
  /**
   * loadPage for the route loader: tells `report` whether the page (200 or 404) was made with
   * content served stale or left out; a bug becomes a 500 with the chrome.
   */
  loadPageResponse(request: Request, report?: PageReport): Promise<PageData>;
}

/** The page, or the not-found page thrown with its 404 status. */
function answer({ status, page }: LoadedPage): PageData {
  if (status === 404) throw data(page, { status: 404 });
  return page;
}

export function createPageLoader(options: PageLoaderOptions): PageLoader {
  const log = options.log ?? { warn: (line: string) => console.warn(line), error: (...args: unknown[]) => console.error(...args) };
  const logged = new LRUCache<string, true>({ max: 1000 });
  const base = {
    read: options.read,
    origin: options.origin,
    imageBaseUrl: options.imageBaseUrl,
    captchaSiteKey: options.captchaSiteKey,
    onRoute: options.onRoute,
    sanitize: options.sanitize ?? { html: sanitizeHtml, embed: sanitizeEmbed },
    log,
    logOnce(message: string) {
      if (logged.has(message)) return;
      logged.set(message, true);
      log.warn(message);
    },
  };
  const runOf = (): Run => ({ ...base, index: options.definitions(), leftOut: options.explain ? [] : undefined, stale: false });
  return {
    loadPage: async (request) => answer(await loadPage(runOf(), request)),
    async loadPageResponse(request, report) {
      const run = runOf();
      let loaded: LoadedPage;
      try {
        loaded = await loadPage(run, request);
      } catch (error) {
        if (thrownStatus(error) !== undefined) throw error;
        failed(run, request, error);
      }
      // A page made with content served stale or left out, the not-found page too, is not kept.
      if (report) report.stale = run.stale;
      return answer(loaded);
    },
  };
}

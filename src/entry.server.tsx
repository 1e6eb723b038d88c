/**
 * Renders every document. The whole page is rendered before anything is sent (pages are small
 * and kept by the page cache; crawlers need the whole page anyway), then finished in one place,
 * src/server/document.ts: critical CSS, paint-first bootstrap, hash-based CSP (of the scripts
 * this render marks as its own), caching headers, ETag/304 and the page cache. The site's settings, and the page loader's report
 * of this request (stale content), arrive in the load context (src/server/site.ts).
 */
import { PassThrough } from 'node:stream';
import type { ReactElement } from 'react';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';
import { finishDocument, scriptMark } from './server/document.ts';

export const streamTimeout = 5_000;

function renderToString(
  element: ReactElement,
  nonce: string,
  logError: (error: unknown) => void,
): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      // Everything is sent at once, so a finished Suspense boundary is written in place. (By default
      // React moves boundaries past 12.8 KB of page to the end, behind their fallback, and reveals
      // them later by script: the forms, and everything below them, moved once shown, issue 19.)
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => {
          clearTimeout(timer);
          resolve({ html: Buffer.concat(chunks).toString('utf8'), failed });
        });
        pipe(sink);
      },
      onShellError: reject,
      onError(error: unknown) {
        failed = true;
        logError(error);
      },
    });
    // Abort after `streamTimeout` so rejected boundaries still flush (React Router's default).
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // React Router and React mark the scripts they emit with this render's mark: only those are
  // hashed into the page's CSP (src/server/document.ts), and the mark is removed from the HTML.
  const mark = scriptMark();
  const log = loadContext.site.log;
  const logError = (error: unknown) => (log ? log.error({ err: error }, '[render] a page failed to render') : console.error(error));
  const render = () => renderToString(<ServerRouter context={routerContext} url={request.url} nonce={mark} />, mark, logError);
  const { trace } = loadContext.site;
  const { html, failed } = await (trace ? trace('render', render) : render());
  const status = failed ? 500 : responseStatusCode;
  return finishDocument(request, status, responseHeaders, html, loadContext.site.document, { mark, stale: loadContext.page.stale });
}

/** A data request (client navigation, `*.data`) says `X-Content-Stale: 1` like its document would. */
export function handleDataRequest(response: Response, { context }: { context: AppLoadContext }): Response {
  if (context.page.stale) response.headers.set('X-Content-Stale', '1');
  return response;
}

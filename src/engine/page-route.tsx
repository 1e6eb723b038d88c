/**
 * The one route module: every URL is answered by its page definition. The loader runs on the
 * server only (content credential, sanitizing); the component is the generic renderer.
 */
import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link, useLocation, useMatches, useRouteError } from 'react-router';
// Only the name: the browser bundle gets no other part of the site config.
import { name as siteName } from '@site/site.config.json';
import type { Route } from './+types/page-route';
import { PageShell } from './chrome/page-shell.tsx';
import { isContentUnavailable, isPageData, type PageData } from './page-data.ts';
import { Sections } from './render-sections.tsx';
import { FormsConfigContext } from '../forms/context.ts';
import { blockNames, blockReady, isBlockName, loadBlocks } from '../blocks/registry.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  // The server renders every block at once: each block's module is loaded (once) before the first page.
  await loadBlocks(blockNames);
  return context.site.pages.loadPageResponse(request, context.page);
}

/**
 * In the browser, a navigation's page arrives with the code of the blocks it shows (each block is
 * a chunk of its own, ../blocks/registry.ts), so it renders whole at once; if some block's code
 * cannot be loaded (a new deployment removed the chunk, the network failed) or has not come within
 * BLOCK_CODE_DEADLINE_MS, the page is loaded by the browser instead, as React Router does when a
 * route's code fails. Not run at hydration: the page hydrates with the server's data
 * (./section-code.ts loads its blocks).
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  let page: PageData;
  try {
    page = await serverLoader();
  } catch (error) {
    // The not-found page is thrown with its sections (ErrorBoundary renders them).
    if (isRouteErrorResponse(error) && isPageData(error.data)) await blocksOrReload(error.data.sections, request);
    throw error;
  }
  await blocksOrReload(page.sections, request);
  return page;
}

/** How long a navigation waits for its blocks' code before the browser loads the page instead. */
const BLOCK_CODE_DEADLINE_MS = 8000;

async function blocksOrReload(sections: PageData['sections'], request: Request): Promise<void> {
  const names = sections.map((section) => section.block);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([loadBlocks(names), new Promise<void>((resolve) => (timer = setTimeout(resolve, BLOCK_CODE_DEADLINE_MS)))]);
  clearTimeout(timer);
  if (names.every((name) => !isBlockName(name) || blockReady(name))) return;
  window.location.assign(request.url);
  // The browser is leaving: nothing renders meanwhile.
  await new Promise(() => {});
}

/** Passes the loader's headers (Retry-After of a content outage) through to the document response. */
export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  const merged = new Headers(errorHeaders);
  loaderHeaders.forEach((value, key) => merged.set(key, value));
  return merged;
}

function metaTags(page: Pick<PageData, 'meta' | 'seo'> | undefined, siteName: string) {
  const title = page?.meta.title ? page.meta.title : siteName;
  const description = page?.meta.description;
  const seo = page?.seo;
  return [
    { title },
    ...(description ? [{ name: 'description', content: description }] : []),
    ...(page?.meta.keywords ? [{ name: 'keywords', content: page.meta.keywords }] : []),
    ...(seo?.canonical ? [{ tagName: 'link', rel: 'canonical', href: seo.canonical }] : []),
    ...(seo
      ? [
          { property: 'og:site_name', content: seo.siteName },
          { property: 'og:type', content: seo.type },
          { property: 'og:title', content: title },
          ...(description ? [{ property: 'og:description', content: description }] : []),
          ...(seo.canonical ? [{ property: 'og:url', content: seo.canonical }] : []),
          ...(seo.image ? [{ property: 'og:image', content: seo.image }] : []),
          { name: 'twitter:card', content: seo.image ? 'summary_large_image' : 'summary' },
          { name: 'twitter:title', content: title },
          ...(description ? [{ name: 'twitter:description', content: description }] : []),
          ...(seo.image ? [{ name: 'twitter:image', content: seo.image }] : []),
        ]
      : []),
  ];
}

/** JSON-LD data blocks (already serialized and escaped by the loader); CSP does not apply to data blocks. */
function JsonLdScripts({ items }: { items: string[] | undefined }) {
  return (items ?? []).map((json, index) => <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />);
}

export function meta({ data, error }: Route.MetaArgs) {
  if (data) return metaTags(data, siteName);
  if (isRouteErrorResponse(error) && isPageData(error.data)) return metaTags(error.data, siteName);
  return [{ title: `Temporarily unavailable | ${siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <FormsConfigContext value={loaderData.forms}>
      <PageShell
        layout={loaderData.layout}
        chrome={loaderData.chrome}
        brochureButton={loaderData.brochureButton}
        scrollTo={loaderData.scrollTo}
      >
        <Sections sections={loaderData.sections} />
        <JsonLdScripts items={loaderData.jsonLd} />
      </PageShell>
    </FormsConfigContext>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const matches = useMatches();
  if (isRouteErrorResponse(error) && isPageData(error.data)) {
    const page = error.data;
    return (
      <PageShell layout={page.layout} chrome={page.chrome} brochureButton={page.brochureButton}>
        <Sections sections={page.sections} />
        <JsonLdScripts items={page.jsonLd} />
      </PageShell>
    );
  }
  const unavailable = isRouteErrorResponse(error) && isContentUnavailable(error.data) ? error.data : undefined;
  // Loader failures bring the chrome with them; a rendering failure keeps the loaded page's.
  const chrome = unavailable?.chrome ?? matches.map((match) => match.data).find(isPageData)?.chrome;
  if (!isRouteErrorResponse(error)) console.error(error);
  const here = `${location.pathname}${location.search}`;
  const notice: ReactNode = (
    <section className="notice container" role="alert">
      <h1 className="notice__title">This page is temporarily unavailable</h1>
      <p className="notice__text">
        {unavailable && unavailable.cause !== 'server'
          ? 'We could not load its content just now. Please try again in a moment.'
          : 'Something went wrong while showing this page. Please try again in a moment.'}
      </p>
      <p className="notice__actions">
        <Link to={here} className="button button--primary" replace>
          Try again
        </Link>{' '}
        <Link to="/" className="button button--secondary">
          Go to Homepage
        </Link>
      </p>
    </section>
  );
  return chrome ? (
    <PageShell layout="main" chrome={chrome}>
      {notice}
    </PageShell>
  ) : (
    <main id="main">{notice}</main>
  );
}

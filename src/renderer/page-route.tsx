/**
 * The one route module: every URL is answered by its page definition. The loader runs on the
 * server only (content credential, sanitizing); the component is the generic renderer.
 */
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import siteConfig from '../../site.config.json';
import type { SiteConfig } from '../generated/site-config.ts';
import type { Route } from './+types/page-route';
import { resolve } from './bindings.ts';
import { PageShell } from './chrome/page-shell.tsx';
import { isContentUnavailable, isPageData, type PageData, type ResolvedChrome } from './page-data.ts';
import { loadPageResponse } from './page-loader.server.ts';
import { Sections } from './render-sections.tsx';
import { FormsConfigContext } from '../forms/context.ts';

export async function loader({ request }: Route.LoaderArgs) {
  return loadPageResponse(request);
}

/** Passes the loader's headers (X-Content-Stale) through to the document response. */
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
  const site = siteConfig as unknown as SiteConfig;
  if (data) return metaTags(data, site.name);
  if (isRouteErrorResponse(error) && isPageData(error.data)) return metaTags(error.data, site.name);
  return [{ title: `Temporarily unavailable | ${site.name}` }, { name: 'robots', content: 'noindex' }];
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

/** Chrome from site.config.json alone (no content), for errors thrown before content loaded. */
function fallbackChrome(): ResolvedChrome {
  const site = siteConfig as unknown as SiteConfig;
  return {
    name: site.name,
    logo: site.logo,
    header: site.header,
    footer: { ...(resolve(site.footer, {}) as ResolvedChrome['footer']), social: {} },
    cookieConsent: site.cookieConsent,
  };
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && isPageData(error.data)) {
    const page = error.data;
    return (
      <PageShell layout={page.layout} chrome={page.chrome} brochureButton={page.brochureButton}>
        <Sections sections={page.sections} />
        <JsonLdScripts items={page.jsonLd} />
      </PageShell>
    );
  }
  const chrome = isRouteErrorResponse(error) && isContentUnavailable(error.data) ? error.data.chrome : fallbackChrome();
  if (!isRouteErrorResponse(error)) console.error(error);
  const here = `${location.pathname}${location.search}`;
  return (
    <PageShell layout="main" chrome={chrome}>
      <section className="notice container" role="alert">
        <h1 className="notice__title">This page is temporarily unavailable</h1>
        <p className="notice__text">
          {isRouteErrorResponse(error) && isContentUnavailable(error.data)
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
    </PageShell>
  );
}

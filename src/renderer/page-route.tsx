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
import { loadPage } from './page-loader.server.ts';
import { Sections } from './render-sections.tsx';
import { FormsConfigContext } from '../forms/context.ts';

export async function loader({ request }: Route.LoaderArgs) {
  return loadPage(request);
}

function metaTags(page: Pick<PageData, 'meta'> | undefined, siteName: string) {
  const title = page?.meta.title ? page.meta.title : siteName;
  return [
    { title },
    ...(page?.meta.description ? [{ name: 'description', content: page.meta.description }] : []),
    ...(page?.meta.keywords ? [{ name: 'keywords', content: page.meta.keywords }] : []),
  ];
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

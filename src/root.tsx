import { useEffect, type ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from 'react-router';
import { DEFINITIONS_CHANGED, isEditorPath } from './dev-events.ts';
import { RouteFocus } from './engine/chrome/route-focus.tsx';
import { browserConfig } from './engine/site-browser.ts';
import stylesheet from './styles/site.css?url';

// Only these fields of the site config reach the browser bundle (./engine/site-browser.ts).
const { language, themeColor } = browserConfig;

// Development: show a definition change at once (tools/dev.ts). The page editor's own pages keep
// their state: they write the files themselves. Vite leaves this out of production builds.
if (import.meta.hot) {
  import.meta.hot.on(DEFINITIONS_CHANGED, () => {
    if (!isEditorPath(window.location.pathname)) window.location.reload();
  });
}

export const links = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang={language ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {themeColor ? <meta name="theme-color" content={themeColor} /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {/* Scroll to top on every navigation; restore on back/forward. */}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Marks the page interactive: styles may reveal script-only controls, and tests wait for it.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <Outlet />
      <RouteFocus />
    </>
  );
}

/** Last resort: the page route has its own boundary with the site chrome. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main id="main" className="notice container">
      <h1 className="notice__title">{status === 404 ? 'Sorry, Page not Found' : 'Something went wrong'}</h1>
      <p>
        <a className="button button--primary" href="/">
          Go to Homepage
        </a>
      </p>
    </main>
  );
}

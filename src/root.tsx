import { useContext, useEffect, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext as FrameworkContext,
  useRouteError,
} from 'react-router';
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

/**
 * A first visit's history entry gets the state React Router's history needs (a key and the index
 * 0) once, while the head is parsed, before the first paint. Without it it was written twice, both
 * after the first paint: by ScrollRestoration's script (a key) and again while the router was
 * created during hydration (the index): one `history.replaceState` there took 0.4–10 ms, a slice
 * of the longest task of hydration that a slow phone multiplies by ten (issue 32). The same state
 * they write: `{ key, idx: 0 }`; an entry that has it (reload, back, forward) is left as it is.
 */
const HISTORY_STATE =
  'if(!history.state||history.state.idx==null)history.replaceState({...history.state,key:history.state&&history.state.key||Math.random().toString(36).slice(2,10),idx:0},"")';

export function Layout({ children }: { children: ReactNode }) {
  // React Router's mark for the server's own inline scripts (src/server/document.ts hashes them into the CSP).
  const nonce = useContext(FrameworkContext)?.nonce;
  return (
    <html lang={language ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The first frame shows the whole page: no frame before the parser has read up to #page-end
            (Chromium 124+, rel=expect). The parser yields now and then, more often on a loaded
            machine, and a frame of half a page moves when the rest comes: a header cut in its menu
            had the first items at the right end of the bar, moving left as the others came; a
            banner's centred text moved up as its lines came; a short page's footer columns moved
            (issue 32, tests/first-paint.e2e.test.ts). */}
        <link rel="expect" href="#page-end" blocking="render" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HISTORY_STATE }} />
        {themeColor ? <meta name="theme-color" content={themeColor} /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {/* The end of what the page shows (the link above waits for it); its scripts come after it. */}
        <span id="page-end" hidden />
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

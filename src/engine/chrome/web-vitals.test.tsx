// @vitest-environment jsdom
/**
 * The Web Vitals reporting as a visitor meets it: nothing is loaded or sent before they accept the
 * cookie notice, nothing after they refuse it; after 'Ok', one report per page view (client-side
 * navigations included), with every metric the page measured. jsdom measures nothing, so the
 * web-vitals library is replaced by one whose metrics the test reports (tests/vitals.e2e.test.ts
 * runs the real one in Chromium).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Metric } from 'web-vitals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import config from '@site/site.config.json';
import type { VitalsReport } from '../../generated/vitals.ts';

type Name = Metric['name'];
type Callback = (metric: Metric) => void;

/** The callbacks the reporter gave the library: the test calls them as the library would. */
const library = vi.hoisted(() => ({ callbacks: new Map<string, (metric: unknown) => void>() }));
vi.mock('web-vitals', () => {
  const on = (name: string) => (callback: (metric: unknown) => void) => void library.callbacks.set(name, callback);
  return { onCLS: on('CLS'), onFCP: on('FCP'), onINP: on('INP'), onLCP: on('LCP'), onTTFB: on('TTFB') };
});

const cookieName = config.cookieConsent.cookieName;
let hidden = false;
let beacons: Blob[] = [];
/** Listeners the reporter added to the window: removed after each test, so one test's reporter cannot send in the next. */
let added: [string, EventListenerOrEventListenerObject][] = [];

beforeEach(() => {
  // Each test is a new document: the reporting's module state starts afresh.
  vi.resetModules();
  library.callbacks.clear();
  beacons = [];
  hidden = false;
  document.cookie = `${cookieName}=; max-age=0; path=/`;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, data: Blob) => {
      expect(url).toBe('/__vitals');
      beacons.push(data);
      return true;
    },
  });
  vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
  // jsdom lays nothing out: the notice's measuring of its own height has nothing to observe.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  const original = window.addEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    added.push([type, listener]);
    original(type, listener, options);
  });
});

afterEach(() => {
  cleanup();
  for (const [type, listener] of added) window.removeEventListener(type, listener);
  added = [];
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.doUnmock('../site-browser.ts');
});

/** A page with the site's cookie notice, as the page shell renders it, at `path`. */
async function visit(path: string) {
  const [{ CookieConsent }, { useWebVitals }] = await Promise.all([import('./cookie-consent.tsx'), import('./web-vitals.ts')]);
  function Page() {
    useWebVitals(cookieName);
    return <CookieConsent config={config.cookieConsent} />;
  }
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

/** The reporter has loaded and handed its callbacks to the library. */
const reporterLoaded = () => vi.waitFor(() => expect(library.callbacks.size).toBe(5));
/** Lets the idle callback and a dynamic import run, were they to. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

function measure(name: Name, value: number, delta = value) {
  act(() => (library.callbacks.get(name) as Callback)({ name, value, delta } as Metric));
}

function hide() {
  hidden = true;
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

/** The reports sent, read from their beacons' bodies (jsdom's Blob has no text(): a FileReader reads it). */
async function sent(): Promise<VitalsReport[]> {
  const read = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
  return Promise.all(beacons.map(async (blob) => JSON.parse(await read(blob)) as VitalsReport));
}

describe('Web Vitals reporting', () => {
  it('loads and sends nothing while the visitor has not answered the cookie notice', async () => {
    await visit('/blog');
    await settle();
    hide();
    expect(library.callbacks.size).toBe(0);
    expect(beacons).toHaveLength(0);
  });

  it.each([
    ['Refuse cookies', () => fireEvent.click(screen.getByRole('button', { name: config.cookieConsent.deny }))],
    ['the close control', () => fireEvent.click(screen.getByRole('button', { name: 'Close cookie notice' }))],
  ])('loads and sends nothing after %s', async (_choice, refuse) => {
    await visit('/blog');
    await settle();
    refuse();
    await settle();
    hide();
    expect(library.callbacks.size).toBe(0);
    expect(beacons).toHaveLength(0);
  });

  it("after 'Ok', sends one report when the page is hidden, with every metric, for the page's path", async () => {
    await visit('/blog');
    fireEvent.click(screen.getByRole('button', { name: config.cookieConsent.allow }));
    await reporterLoaded();
    measure('TTFB', 120);
    measure('FCP', 640);
    measure('LCP', 1200);
    measure('INP', 72);
    measure('CLS', 0.01);
    measure('CLS', 0.03, 0.02);
    hide();
    window.dispatchEvent(new Event('pagehide'));
    expect(await sent()).toEqual([{ path: '/blog', metrics: { TTFB: 120, FCP: 640, LCP: 1200, INP: 72, CLS: 0.03 } }]);
  });

  it('reports for a visitor who accepted on an earlier visit, from the page it was loaded on', async () => {
    document.cookie = `${cookieName}=allow; path=/`;
    await visit('/company');
    await reporterLoaded();
    measure('LCP', 900);
    hide();
    expect(await sent()).toEqual([{ path: '/company', metrics: { LCP: 900 } }]);
  });

  it('reports without any answer to the notice where the site sets vitals.requireConsent to false', async () => {
    vi.doMock('../site-browser.ts', () => ({ browserConfig: { vitals: { requireConsent: false } } }));
    await visit('/company');
    await reporterLoaded();
    measure('LCP', 900);
    hide();
    expect(await sent()).toEqual([{ path: '/company', metrics: { LCP: 900 } }]);
  });

  it('sends one report per page view across client-side navigations, each under its own path', async () => {
    document.cookie = `${cookieName}=allow; path=/`;
    const router = await visit('/blog');
    await reporterLoaded();
    measure('TTFB', 100);
    measure('FCP', 500);
    measure('LCP', 800);
    measure('CLS', 0.02);
    measure('INP', 40);
    // The view ends when the visitor reaches another path: its report goes then.
    await act(() => router.navigate('/company'));
    // Another page of the list (a query) is the same view.
    await act(() => router.navigate('/company?page=2'));
    measure('CLS', 0.05, 0.03);
    measure('INP', 180);
    hide();
    expect(await sent()).toEqual([
      { path: '/blog', metrics: { TTFB: 100, FCP: 500, LCP: 800, CLS: 0.02, INP: 40 } },
      // The load metrics belong to the page the document loaded; this view's CLS is the shift during it.
      { path: '/company', metrics: { CLS: 0.03, INP: 180 } },
    ]);
  });

  it('drops what is measured after a view has reported, and starts a new view when the visitor comes back', async () => {
    document.cookie = `${cookieName}=allow; path=/`;
    await visit('/blog');
    await reporterLoaded();
    measure('LCP', 800);
    hide();
    measure('LCP', 950);
    hidden = false;
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    measure('INP', 60);
    hide();
    expect(await sent()).toEqual([
      { path: '/blog', metrics: { LCP: 800 } },
      { path: '/blog', metrics: { INP: 60 } },
    ]);
  });
});

import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { paintFirst } from './paint-first.ts';

const page = (bootstrap: string) =>
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/root.js"/><title>x</title></head>` +
  `<body><main>Hello</main><script>window.__reactRouterContext = {};</script>${bootstrap}</body></html>`;
const BOOT = `<script type="module" async="">import * as route0 from "/assets/root.js";\nwindow.__reactRouterManifest = {"x":"</scr"+"ipt>"};\nwindow.__reactRouterRouteModules = {};\nimport("/assets/entry.js");</script>`;

describe('paintFirst', () => {
  it('starts the bootstrap of route discovery "initial" (it imports the route manifest) after the first paint too', () => {
    const initial = `<script type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.js");</script>`;
    const { html: out, started } = paintFirst(page(initial));
    expect(started).toEqual([/<script[^>]*>([\s\S]*)<\/script>/.exec(initial)![1]]);
    expect(out).not.toContain('type="module"');
    expect(out).toContain('startAfterPaint');
  });

  it('moves the module preloads and the bootstrap behind the first paint, and records visits to form fields from the start', () => {
    const { html: out, started } = paintFirst(page(BOOT));
    expect(started).toEqual([/<script[^>]*>([\s\S]*)<\/script>/.exec(BOOT)![1]]);
    expect(out).not.toMatch(/<link[^>]*modulepreload/);
    expect(out).not.toContain('type="module"');
    expect(out).toContain('<main>Hello</main>');
    expect(out).toContain('<script>window.__reactRouterContext = {};</script>');
    const boot = /<script>(\(function recordVisits[\s\S]*?\(function startAfterPaint[\s\S]*?)<\/script>/.exec(out)![1];

    // Run it against a minimal DOM: after a frame, each step in a task of its own: the preloads, the stylesheet, the module.
    const added: Record<string, unknown>[] = [];
    let frame: (() => void) | undefined;
    const tasks: (() => void)[] = [];
    /** Runs the queued tasks, and those they queue, in order. */
    const runTasks = () => {
      while (tasks.length) tasks.shift()!();
    };
    const element = () => ({}) as Record<string, unknown>;
    let removed = 0;
    const deferredStyle = { media: 'print', sheet: {}, addEventListener: () => undefined };
    const criticalStyle = { remove: () => (removed += 1) };
    // At once, before any frame: what a visitor leaves or changes is recorded (src/forms/replay.ts).
    const listeners: [string, boolean][] = [];
    const window: { __visited?: WeakSet<object> } = {};
    runInNewContext(boot, {
      window,
      WeakSet,
      addEventListener: (type: string, _listener: unknown, capture: boolean) => listeners.push([type, capture]),
      document: {
        querySelectorAll: (selector: string) =>
          selector === 'link[data-deferred-style]' ? [deferredStyle] : selector === 'style[data-critical-css]' ? [criticalStyle] : [],
        createElement: element,
        head: { appendChild: (e: Record<string, unknown>) => added.push(e) },
        body: { appendChild: (e: Record<string, unknown>) => added.push(e) },
      },
      requestAnimationFrame: (f: () => void) => (frame = f),
      setTimeout: (f: () => void) => tasks.push(f),
    });
    expect(listeners).toEqual([
      ['focusout', true],
      ['change', true],
    ]);
    expect(window.__visited).toBeInstanceOf(WeakSet);
    expect(added).toEqual([]);
    frame!();
    expect(added).toEqual([]);
    expect(deferredStyle.media).toBe('print');
    // Each step in a task of its own: the first task only queues them.
    tasks.shift()!();
    expect(added).toEqual([]);
    expect(tasks).toHaveLength(4);
    tasks.shift()!();
    expect(added.map((e) => e.href)).toEqual(['/assets/entry.js']);
    runTasks();
    expect(deferredStyle.media).toBe('all');
    // The inlined critical CSS stays (removing it restyled the whole document once more).
    expect(removed).toBe(0);
    expect(added.map((e) => e.href ?? e.type)).toEqual(['/assets/entry.js', '/assets/root.js', 'module']);
    expect(added[2].textContent).toBe(/<script[^>]*>([\s\S]*)<\/script>/.exec(BOOT)![1]);
  });

  it('leaves documents without React Router bootstrap alone', () => {
    const html =
      '<html><head><link rel="modulepreload" href="/x.js"/></head><body><script type="module" src="/@vite/client"></script></body></html>';
    expect(paintFirst(html)).toEqual({ html, started: [] });
  });
});

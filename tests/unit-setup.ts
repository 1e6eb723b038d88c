/**
 * Unit project set-up, run before every unit test file. jsdom (the component tests' environment)
 * does not lay out, so it has no Element.scrollIntoView; components call it when focus moves (a
 * focused pill is scrolled wholly into view, src/blocks/shared.tsx). A no-op stands in for it.
 *
 * The unit project runs its files without isolation (vitest `isolate: false`, vitest.config.ts): one
 * worker keeps what node_modules loaded (React, jsdom, ajv, rjsf…) for the next file instead of
 * importing it all again, and the jsdom document is created once. What made a file's start blank
 * is done here instead: the project's own modules are loaded afresh for each file (their
 * module-level state, a helper's hooks included, is the file's own), Testing Library unmounts after
 * each test, and after each file the document, storage and cookies are emptied, what the file
 * defined on `document` and `navigator` is removed and React's act flag is put back (a shuffled
 * file order, `--sequence.shuffle.files`, passes as the default one does).
 */
import { afterAll, afterEach, vi } from 'vitest';

// The project's own modules afresh for each file (a form's loading promise, a helper's hooks).
vi.resetModules();

if (typeof Element !== 'undefined' && typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

// React's act() environment flag, which some files turn on (it changes how React schedules work).
const actFlag = 'IS_REACT_ACT_ENVIRONMENT';
const actBefore = Object.getOwnPropertyDescriptor(globalThis, actFlag);
afterAll(() => {
  if (actBefore) Object.defineProperty(globalThis, actFlag, actBefore);
  else Reflect.deleteProperty(globalThis, actFlag);
});

if (typeof document !== 'undefined') {
  // Properties a file defines on these (a stubbed visibilityState, sendBeacon) are removed after it.
  const targets = [document, navigator].map((target) => ({ target, keys: new Set(Reflect.ownKeys(target)) }));
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
  afterAll(() => {
    cleanup();
    document.head.replaceChildren();
    document.body.replaceChildren();
    for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
    document.title = '';
    localStorage.clear();
    sessionStorage.clear();
    for (const { target, keys } of targets) {
      for (const key of Reflect.ownKeys(target)) if (!keys.has(key)) Reflect.deleteProperty(target, key);
    }
    for (const cookie of document.cookie.split(';')) {
      const name = cookie.split('=')[0].trim();
      if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
  });
}

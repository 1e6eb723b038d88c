// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('reading the consent cookie (issue 32: document.cookie is a round trip to the cookie store)', () => {
  beforeEach(() => {
    vi.resetModules();
    document.cookie = 'consent=; max-age=0; path=/';
  });
  afterEach(() => vi.restoreAllMocks());

  it('reads the cookie store once for the snapshots of a hydration, and again once the tab is shown after another tab answered', async () => {
    const { readConsent } = await import('./cookie-consent.tsx');
    const reads = vi.spyOn(Document.prototype, 'cookie', 'get');
    expect(readConsent('consent')).toBeUndefined();
    expect(readConsent('consent')).toBeUndefined();
    expect(readConsent('other')).toBeUndefined();
    expect(reads).toHaveBeenCalledTimes(1);
    // Another tab answers the notice (same cookie jar); this tab learns it when it is shown again.
    reads.mockRestore();
    document.cookie = 'consent=allow; path=/';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(readConsent('consent')).toBe('allow');
  });

  it('an explicit cookie string is read as given', async () => {
    const { readConsent } = await import('./cookie-consent.tsx');
    expect(readConsent('consent', 'a=1; consent=deny')).toBe('deny');
  });
});

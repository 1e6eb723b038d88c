import { describe, expect, it } from 'vitest';
import { urlFlags } from './url-flags.ts';

describe('URL flags', () => {
  it.each([
    ['/', false, false],
    ['/blog', false, false],
    ['/products/ccm-platform', true, false],
    ['/solutions/tower-management-solutions', true, false],
    ['/products/revenue-platform', true, true],
    ['/solutions/subscription-and-saas', true, true],
    ['/price', true, true],
    ['/revenue-platform', false, false],
  ])('%s: product page %s, subscription-platform page %s', (path, product, subscription) => {
    expect(urlFlags(path)).toEqual({ productPage: product, subscriptionPlatformPage: subscription });
  });
});

import { describe, expect, it } from 'vitest';
import { requestUrl, screenRequest } from './request-url.ts';

describe('the request URL', () => {
  it('is read as @react-router/express reads it: the target appended to an origin, never resolved against one', () => {
    const path = (target: string) => {
      const url = requestUrl(target);
      return url && url.pathname + url.search;
    };
    expect(path('//x/P')).toBe('//x/P');
    expect(path('/\\x/P')).toBe('//x/P');
    expect(path('//u@x/P?a=1')).toBe('//u@x/P?a=1');
    expect(path('/a/../blog')).toBe('/blog');
    expect(path('/a/%2e%2E/blog')).toBe('/blog');
    expect(path('/blog?page=2')).toBe('/blog?page=2');
    expect(path('//')).toBe('//');
    for (const target of ['*', 'x', 'http://evil.example/blog', '\\', '']) expect(requestUrl(target), target).toBeUndefined();
  });

  it('answers a target that is no path 400, and a path with empty segments a redirect to it without them', () => {
    expect(screenRequest('GET', '/blog?page=2')).toBeUndefined();
    expect(screenRequest('GET', '/a/../blog')).toBeUndefined();
    expect(screenRequest('GET', '*')).toEqual({ status: 400 });
    expect(screenRequest('GET', 'http://evil.example/blog')).toEqual({ status: 400 });
    expect(screenRequest('GET', undefined)).toEqual({ status: 400 });
    expect(screenRequest('GET', '//')).toEqual({ status: 301, location: '/' });
    expect(screenRequest('HEAD', '/\\')).toEqual({ status: 301, location: '/' });
    expect(screenRequest('GET', '//x/P?a=1')).toEqual({ status: 301, location: '/x/P?a=1' });
    expect(screenRequest('GET', '/\\\\evil.example/P')).toEqual({ status: 301, location: '/evil.example/P' });
    expect(screenRequest('GET', '/blog//')).toEqual({ status: 301, location: '/blog/' });
    expect(screenRequest('POST', '//api/contact')).toEqual({ status: 308, location: '/api/contact' });
  });

  it('answers an empty Host 400, whatever the target; a missing one (HTTP/1.0) or any other goes on', () => {
    expect(screenRequest('GET', '/about-veltrix?z=1', '')).toEqual({ status: 400 });
    expect(screenRequest('POST', '/api/contact', '')).toEqual({ status: 400 });
    expect(screenRequest('GET', '//x/P', '')).toEqual({ status: 400 });
    expect(screenRequest('GET', '/about-veltrix?z=1', undefined)).toBeUndefined();
    expect(screenRequest('GET', '/about-veltrix?z=1', 'www.example.com')).toBeUndefined();
  });

  it('never redirects to another host, and a redirect target is never redirected again', () => {
    const pieces = ['/', '//', '\\', '/\\', '.', '..', '%2e', '%2F', '%5C', 'x', '@', ':80', '?q=//x', '#', '%00', '\u00e9'];
    let redirects = 0;
    for (const a of pieces)
      for (const b of pieces)
        for (const c of pieces) {
          const target = `/${a}${b}${c}`;
          const screened = screenRequest('GET', target);
          if (!screened || screened.status === 400) continue;
          redirects += 1;
          expect(screened.location, target).toMatch(/^\/(?![/\\])/);
          expect(new URL(screened.location, 'https://site.example').origin, target).toBe('https://site.example');
          expect(screenRequest('GET', screened.location), target).toBeUndefined();
        }
    expect(redirects).toBeGreaterThan(500);
  });
});

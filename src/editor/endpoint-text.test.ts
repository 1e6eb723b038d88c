/** Content endpoints as a marketer chooses them: what each is for, never SPEC sections, "assumed" or file names. */
import { describe, expect, it } from 'vitest';
import { contentContract } from '../engine/content-contract.ts';
import { endpointInfos } from './api/schemas.ts';
import { endpointHelp, endpointPurpose, endpointText } from './endpoint-text.ts';

const endpoints = endpointInfos(contentContract);

describe('endpoint texts', () => {
  it("say what the endpoint is for: the description's first clause", () => {
    const byPath = (path: string) => endpoints.find((e) => e.path === path)!;
    expect(endpointText(byPath('/api/page/blog'))).toBe('Blog list page — /api/page/blog');
    expect(endpointText(byPath('/api/blog_list'))).toBe('Paginated blog cards, newest first — /api/blog_list');
    expect(endpointPurpose(byPath('/api/page/services'))).toBe('Services pages');
    expect(endpointPurpose({ path: '/api/x' })).toBe('/api/x');
    expect(endpointText({ path: '/api/x', params: [], query: [] })).toBe('/api/x');
  });

  it('never show a marketer SPEC references, "assumed" or file names, for any readable endpoint of the contract', () => {
    const shown = endpoints.flatMap((e) => [endpointText(e), endpointHelp(e)]);
    expect(shown.length).toBeGreaterThan(40);
    expect(shown.filter((text) => /SPEC|§|assumed|\.json\b|site\.config/.test(text))).toEqual([]);
  });

  it('tell what an endpoint the documentation does not list means for the page', () => {
    const company = endpoints.find((e) => e.path === '/api/page/company')!;
    expect(company.assumed).toBeTruthy();
    expect(endpointText(company)).toBe('Company page — /api/page/company (may be missing on the live content service)');
    expect(endpointHelp(company)).toMatch(/^Company page\. .*the page must also work without it\.$/);
  });
});

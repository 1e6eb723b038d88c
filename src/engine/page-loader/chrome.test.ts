/** The site's header and footer for a page: `{brand}` filled in, the footer's bindings resolved as text, its contact HTML sanitized. */
import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../generated/site-config.ts';
import { projectIndex } from '../../../tests/helpers/page-run.ts';
import { resolveChrome } from './chrome.ts';

const site = () => projectIndex().site as unknown as SiteConfig;
const links = (value: unknown): string[] =>
  JSON.stringify(value)
    .match(/"href":"[^"]*"/g)!
    .map((m) => m.slice(8, -1));

describe('resolveChrome', () => {
  it("fills the brand into the header's and footer's links", () => {
    const chrome = resolveChrome(site(), {});
    expect(links(chrome.header)).toContain(`/about-${site().brand}`);
    expect(links(chrome.footer)).toContain(`/about-${site().brand}`);
    expect(links(chrome)).not.toContainEqual(expect.stringContaining('{brand}'));
    expect(chrome).toMatchObject({ name: site().name, logo: site().logo });
  });

  it("resolves the footer's bindings against the page's content, sanitizing the contact text", () => {
    const common = {
      footer: { social_links: { linkedin_link: 'https://www.linkedin.com/company/x' } },
      common: { section_contact_us: { name: 'Talk to us', description: '<p>Hi</p><img src=x onerror=alert(1)>' } },
    };
    const chrome = resolveChrome(site(), { common });
    expect(chrome.footer.social).toMatchObject({ linkedin: 'https://www.linkedin.com/company/x' });
    expect(chrome.footer.contact?.heading).toBe('Talk to us');
    expect(chrome.footer.contact?.text).toContain('<p>Hi</p>');
    expect(chrome.footer.contact?.text).not.toContain('onerror');
  });

  it('gives a bound value that is not text the default of site.config.json, and says so once', () => {
    const lines: string[] = [];
    const logOnce = (line: string) => void (lines.includes(line) || lines.push(line));
    const scope = { common: { common: { section_contact_us: { name: ['a list'] } } } };
    for (let i = 0; i < 2; i++) expect(resolveChrome(site(), scope, undefined, logOnce).footer.contact?.heading).toBe('Get in touch');
    expect(lines).toEqual([
      '[content] site.config.json /footer/contact/heading: "common.common.section_contact_us.name" left out: it is a list, not text',
    ]);
  });
});

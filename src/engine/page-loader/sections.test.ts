/** A definition's sections as blocks: resolved, made safe, and left out (never the page) when they cannot show. */
import { describe, expect, it } from 'vitest';
import type { PageDefinition } from '../validate/types.ts';
import { definitionOf, pageRun } from '../../../tests/helpers/page-run.ts';
import { resolveSections } from './sections.ts';

const privacy = () => definitionOf('/privacy-policy');
const withSections = (sections: unknown[], invalid: number[] = []): PageDefinition => ({
  ...privacy(),
  sections: sections as PageDefinition['sections'],
  invalidSections: new Set(invalid),
});

describe('resolveSections', () => {
  it('resolves each section into its block props, made safe, keyed by position and block', () => {
    const run = pageRun();
    const sections = resolveSections(
      run,
      withSections([
        { block: 'banner', id: 'top', heading: { $bind: 'page.name' }, image: 'banners/a.svg' },
        { block: 'rich-text', html: { $bind: 'page.html' } },
      ]),
      { page: { name: 'Privacy', html: '<p>Ok</p><script>x()</script>' } },
    );
    expect(sections).toEqual([
      {
        block: 'banner',
        id: 'top',
        key: '0-banner',
        props: { heading: 'Privacy', image: 'https://images.example.com/uploads/banners/a.svg' },
      },
      { block: 'rich-text', id: undefined, key: '1-rich-text', props: { html: '<p>Ok</p>' } },
    ]);
  });

  it('leaves out an unknown block, a section that failed validation and one with nothing to show, saying why', () => {
    const run = pageRun({ leftOut: [] });
    const sections = resolveSections(
      run,
      withSections(
        [
          { block: 'no-such-block', heading: 'x' },
          { block: 'notice', heading: 'Broken' },
          { block: 'rich-text', html: { $bind: 'page.missing' } },
          { block: 'notice', heading: 'Shown' },
        ],
        [1],
      ),
      { page: {} },
    );
    expect(sections.map((s) => s.key)).toEqual(['3-notice']);
    expect(run.leftOut).toEqual([
      { position: 0, block: 'no-such-block', reason: 'there is no block "no-such-block"' },
      { position: 1, block: 'notice', reason: 'its definition has problems (see the list of problems)' },
      { position: 2, block: 'rich-text', reason: 'it has nothing to show: no content for "html"' },
    ]);
    expect(run.warnings).toEqual([
      `[renderer] ${privacy().file} /sections/0: unknown block "no-such-block" skipped`,
      `[renderer] ${privacy().file} /sections/1 (notice) skipped: it failed validation (run npm run validate)`,
    ]);
  });

  it('counts a bound value of the wrong type as none: the section stays, without it', () => {
    const run = pageRun();
    const [notice] = resolveSections(run, withSections([{ block: 'notice', heading: 'Hi', text: { $bind: 'page.text' } }]), {
      page: { text: { not: 'text' } },
    });
    expect(notice.props).toEqual({ heading: 'Hi' });
    expect(run.warnings).toHaveLength(1);
  });
});

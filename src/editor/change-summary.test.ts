/** The Publish dialog's summary of a definition's change in words (./change-summary.ts). */
import { describe, expect, it } from 'vitest';
import { describeChange } from './change-summary.ts';

const page = (sections: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ route: '/about', layout: 'main', meta: { title: 'About | Veltrix' }, ...extra, sections }, null, 2);
const banner = { block: 'banner', heading: 'What drives us' };
const text = { block: 'rich-text', html: '<p>Founded in 2009.</p>' };
const faq = { block: 'accordion', heading: 'Questions', items: [{ question: 'Why?', answer: '<p>Because.</p>' }] };

describe('describeChange', () => {
  it('names a new page by its route and its sections', () => {
    expect(describeChange(undefined, page([banner, text, faq]))).toEqual([
      'A new page /about with 3 sections: banner, rich text and accordion',
    ]);
    expect(describeChange(undefined, page([banner]))).toEqual(['A new page /about with one section: banner']);
    expect(describeChange(undefined, page([]))).toEqual(['A new page /about, without sections yet']);
  });

  it('names the properties changed in a section, at its position', () => {
    const edited = { ...faq, heading: 'Frequent questions', items: [{ question: 'Why?', answer: '<p>Because we can.</p>' }] };
    expect(describeChange(page([banner, text, faq]), page([banner, text, edited]))).toEqual([
      'Section 3 (accordion): heading and items changed',
    ]);
  });

  it('tells a section added, one removed and one moved, each named by its block and first text', () => {
    const notice = { block: 'notice', heading: 'Draft only', text: 'Not saved' };
    expect(describeChange(page([banner, text, faq]), page([banner, notice, text, faq]))).toEqual(['Section 2 added: notice “Draft only”']);
    expect(describeChange(page([banner, text, faq]), page([banner, faq]))).toEqual([
      'Section 2 of the published page removed: rich text “Founded in 2009.”',
    ]);
    // Two sections swapped: one of them moved (as a diff would tell it).
    expect(describeChange(page([banner, text, faq]), page([banner, faq, text]))).toEqual([
      'Section 3 (accordion “Questions”) moved to position 2',
    ]);
  });

  it('tells the page’s own settings that changed, quoting short values', () => {
    expect(
      describeChange(page([banner]), page([banner], { route: '/about-us', meta: { title: 'About us | Veltrix' }, noindex: true })),
    ).toEqual(['Route: “/about” → “/about-us”', 'Meta changed', 'Noindex set']);
  });

  it('says nothing for key order alone, nothing changed, or a file that is not a JSON object', () => {
    const reordered = JSON.stringify({
      sections: [{ heading: 'What drives us', block: 'banner' }],
      layout: 'main',
      meta: { title: 'About | Veltrix' },
      route: '/about',
    });
    expect(describeChange(page([banner]), reordered)).toEqual([]);
    expect(describeChange(page([banner]), page([banner]))).toEqual([]);
    expect(describeChange(page([banner]), '{ "route": ')).toEqual([]);
    expect(describeChange('[]', page([banner]))).toEqual([]);
  });
});

// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/render.tsx';
import { fixture } from './fixture.ts';
import { blockComponent } from '../registry.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const Article = await blockComponent('article');

describe('article', () => {
  it('shows category, title as the page heading, date, body and the way back', () => {
    renderBlock(<Article {...fixture} />);
    expect(screen.getByRole('heading', { level: 1, name: fixture.title })).toBeTruthy();
    expect(screen.getByText('Business')).toBeTruthy();
    expect(screen.getByText('14 Mar 2026').getAttribute('datetime')).toBe('2026-03-14');
    expect(screen.getByRole('heading', { level: 2, name: '1. Renewals slip' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to all articles' }).getAttribute('href')).toBe('/blog');
  });

  it('offers a call to action, e.g. Apply Now to the form below', () => {
    renderBlock(
      <Article
        title="Senior Java Developer"
        cta={{ label: 'Apply Now', href: '#apply' }}
        backLink={{ label: 'View All Jobs', href: '/careers' }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Apply Now' }).getAttribute('href')).toBe('#apply');
    expect(screen.getByRole('link', { name: 'View All Jobs' }).getAttribute('href')).toBe('/careers');
  });

  it("starts the body's headings right under the title: no skipped level (a job's <h3>s become <h2>s)", () => {
    renderBlock(<Article title="Senior Backend Engineer" html="<h3>About the role</h3><p>…</p><h4>Stack</h4><h3>Responsibilities</h3>" />);
    expect(screen.getAllByRole('heading').map((h) => `${h.tagName} ${h.textContent}`)).toEqual([
      'H1 Senior Backend Engineer',
      'H2 About the role',
      'H3 Stack',
      'H2 Responsibilities',
    ]);
  });

  it('renders without the parts that have no value', () => {
    renderBlock(<Article title="Only a title" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Only a title' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

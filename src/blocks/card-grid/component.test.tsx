// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectHeadedList, renderBlock } from '../../../tests/helpers/render.tsx';
import { fixture } from './fixture.ts';
import { blockComponent } from '../registry.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const CardGrid = await blockComponent('card-grid');

describe('card-grid', () => {
  it('lists cards with label, date, title, text and link, and the View All link', () => {
    renderBlock(<CardGrid {...fixture} />);
    const cards = expectHeadedList('Latest Resources', 2);
    const first = within(cards[0]);
    expect(first.getByRole('heading', { level: 3, name: /Five signs/ })).toBeTruthy();
    expect(first.getByText('14 Mar 2026')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Read Full Article' }).getAttribute('href')).toBe('/blog/five-signs-lease-data');
    expect(within(cards[1]).queryByRole('link')).toBeNull();
    expect(screen.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/white-paper-case-studies');
  });

  it('without a section heading, card titles are h2 so that headings never skip a level', () => {
    renderBlock(<CardGrid {...fixture} heading={undefined} />);
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(fixture.items.map((item) => item.title));
  });

  it('says so when the list is empty', () => {
    renderBlock(<CardGrid items={[]} emptyText="No articles in this category yet." />);
    expect(screen.getByText('No articles in this category yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

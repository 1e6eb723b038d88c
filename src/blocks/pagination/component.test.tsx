// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/render.tsx';
import { fixture } from './fixture.ts';
import { pageSlots } from '../paging.ts';
import { blockComponent } from '../registry.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const Pagination = await blockComponent('pagination');

describe('pageSlots', () => {
  it('shows every page up to 7', () => {
    expect(pageSlots(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('shows at most 7 page links with ellipses around the current page', () => {
    expect(pageSlots(1, 12)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis-end', 12]);
    expect(pageSlots(6, 12)).toEqual([1, 'ellipsis-start', 4, 5, 6, 7, 8, 'ellipsis-end', 12]);
    expect(pageSlots(12, 12)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10, 11, 12]);
    for (let page = 1; page <= 30; page++) expect(pageSlots(page, 30).filter((s) => typeof s === 'number').length).toBe(7);
  });
});

describe('pagination', () => {
  it('links pages keeping the other query parameters, with Previous and Next', () => {
    renderBlock(<Pagination {...fixture} />, '/blog?category=products&page=5');
    const nav = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(within(nav).getByRole('link', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/blog?category=products&page=4');
    expect(within(nav).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/blog?category=products&page=6');
    expect(within(nav).getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/blog?category=products');
    expect(within(nav).getAllByRole('link', { name: /^Page / })).toHaveLength(7);
  });

  it('disables Previous on the first page and Next on the last', () => {
    renderBlock(<Pagination current={1} last={2} />, '/blog');
    expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull();
    expect(screen.getByText('Previous').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/blog?page=2');
  });

  it('is absent with a single page or nonsense numbers', () => {
    const { container } = renderBlock(<Pagination current="x" last={1} />);
    expect(container.innerHTML).toBe('');
  });
});

// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/render.tsx';
import { fixture } from './fixture.ts';
import { blockComponent } from '../registry.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const CategoryTabs = await blockComponent('category-tabs');

describe('category-tabs', () => {
  it('starts with the all tab selected, linking each category and resetting the page', () => {
    renderBlock(<CategoryTabs {...fixture} />, '/blog?page=3');
    const nav = screen.getByRole('navigation', { name: 'Blog categories' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Recent', 'Customer', 'Products', 'Business']);
    expect(links[0].getAttribute('aria-current')).toBe('page');
    expect(links[2].getAttribute('href')).toBe('/blog?category=products');
  });

  it('marks the category of the URL as current', () => {
    renderBlock(<CategoryTabs {...fixture} />, '/blog?category=business');
    expect(screen.getByRole('link', { name: 'Business' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Recent' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Recent' }).getAttribute('href')).toBe('/blog');
  });
});

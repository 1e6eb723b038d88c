// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/render.tsx';
import { blockComponent } from '../registry.ts';
import { fixture } from './fixture.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const FilterableGrid = await blockComponent('filterable-grid');

const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('filterable-grid', () => {
  it("labels items 'Case Studies' / 'White Paper' from their category code and pages them", () => {
    renderBlock(<FilterableGrid {...fixture} />);
    expect(titles()).toEqual(['Cutting lease costs', 'Billing at 5G scale', 'Portal adoption', 'Tower asset audits']);
    expect(screen.getAllByText('Case Studies')).toHaveLength(3); // tab + 2 cards
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(titles()).toEqual(['Credit control', 'Usage pricing']);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it("names each repeated 'Read More' link after its item, for screen readers and search engines", () => {
    renderBlock(<FilterableGrid {...fixture} />);
    const link = screen.getByRole('link', { name: 'Read More about item 1' });
    expect(link.getAttribute('href')).toBe('/white-paper-case-studies/item-1');
    expect(link.querySelector('.visually-hidden')?.textContent).toBe('about item 1');
  });

  it('filters by category tab and by search, starting again at page 1', () => {
    renderBlock(<FilterableGrid {...fixture} />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    fireEvent.click(screen.getByRole('tab', { name: 'White Paper' }));
    expect(titles()).toEqual(['Billing at 5G scale', 'Tower asset audits', 'Usage pricing']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'TOWER' } });
    expect(titles()).toEqual(['Tower asset audits']);
    expect(screen.getByText('1 result')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'nothing like this' } });
    expect(screen.getByText('Nothing matches your search.')).toBeTruthy();
  });

  it('without categories: no tab bar, a search over the items given (e.g. one server page), labels from the items', () => {
    const items = fixture.items.map((item, i) => ({ ...item, label: i % 2 ? 'White Paper' : 'Case Studies' }));
    renderBlock(
      <FilterableGrid heading={fixture.heading} items={items} pageSize={10} searchLabel="Search white papers and case studies" />,
    );
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('tabpanel')).toBeNull();
    expect(screen.queryByText(/results?$/)).toBeNull(); // no count until a search narrows the page
    // …but its live region is there already, empty, so the first count is announced (issue 20).
    const live = document.querySelector('.filterable-grid__count[aria-live="polite"]');
    expect(live?.textContent).toBe('');
    expect(screen.getAllByText('White Paper').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search white papers and case studies' }), { target: { value: 'tower' } });
    expect(titles()).toEqual(['Tower asset audits']);
    expect(screen.getByText('1 result')).toBeTruthy();
    expect(document.querySelector('.filterable-grid__count[aria-live="polite"]')).toBe(live);
  });
});

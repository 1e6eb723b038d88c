// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRoutesStub, useLocation } from 'react-router';
import { blockComponent } from '../registry.ts';
import { fixture } from './fixture.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const FilterSelect = await blockComponent('filter-select');

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

function renderAt(url: string) {
  const Stub = createRoutesStub([
    {
      path: '/press',
      Component: () => (
        <>
          <FilterSelect {...fixture} />
          <Where />
        </>
      ),
    },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

describe('filter-select', () => {
  it("offers 'Select Year' first, then the years, and shows the current one", async () => {
    renderAt('/press?year=2025');
    const select = (await screen.findByRole('combobox', { name: 'Year' })) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Select Year', '2026', '2025']);
    expect(select.value).toBe('2025');
  });

  it('filters by navigating to ?year=, and clears the filter (and the page) with the first option', async () => {
    renderAt('/press?page=3');
    const select = await screen.findByRole('combobox', { name: 'Year' });
    fireEvent.change(select, { target: { value: '2026' } });
    await screen.findByText('/press?year=2026');
    // The select follows the URL, so it is a new element after navigating.
    fireEvent.change(screen.getByRole('combobox', { name: 'Year' }), { target: { value: '' } });
    await screen.findByText((text) => text.startsWith('/press') && !text.includes('year'));
    expect(screen.getByLabelText('location').textContent).toMatch(/^\/press\??$/);
  });
});

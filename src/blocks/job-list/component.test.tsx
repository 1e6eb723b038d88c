// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/render.tsx';
import { blockComponent } from '../registry.ts';
import { fixture } from './fixture.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const JobList = await blockComponent('job-list');

describe('job-list', () => {
  it("lists every position with an 'Apply' link to its page", () => {
    renderBlock(<JobList {...fixture} />);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Apply: Delivery Manager' }).getAttribute('href')).toBe('/careers/delivery-manager');
    expect(screen.getByText('3 open positions')).toBeTruthy();
  });

  it('filters by city (and the other dropdowns) from the positions themselves', () => {
    renderBlock(<JobList {...fixture} />);
    const city = screen.getByRole('combobox', { name: 'City' }) as HTMLSelectElement;
    expect([...city.options].map((o) => o.value)).toEqual(['', 'Johannesburg', 'London', 'Pune']);
    fireEvent.change(city, { target: { value: 'Pune' } });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Senior Java Developer']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Expertise' }), { target: { value: 'Sales' } });
    expect(screen.getByText('No open positions match these filters.')).toBeTruthy();
  });
});

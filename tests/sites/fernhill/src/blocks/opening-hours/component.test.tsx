// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../../../helpers/render.tsx';
import { blockLoaders } from '../components.generated.ts';
import { fixture } from './fixture.ts';

// Fernhill's component as its generated list gives it (the engine fills in the schema's defaults).
const OpeningHours = await blockLoaders['opening-hours']();

describe('opening-hours (Fernhill)', () => {
  it('lists each day with its hours, and a day without hours as closed', () => {
    renderBlock(<OpeningHours {...fixture} closedLabel="Closed" />);
    expect(screen.getByRole('table', { name: 'When we are open' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Thursday' }).nextElementSibling?.textContent).toBe('9:30–19:30');
    expect(screen.getByRole('rowheader', { name: 'Sunday' }).nextElementSibling?.textContent).toBe('Closed');
    expect(screen.getByText('Closed on bank holidays.')).toBeTruthy();
  });
});

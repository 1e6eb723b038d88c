// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/render.tsx';
import { fixture } from './fixture.ts';
import { blockComponent } from '../registry.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const MemberGrid = await blockComponent('member-grid');

describe('member-grid', () => {
  it('shows members and only the social links they have', () => {
    renderBlock(<MemberGrid {...fixture} />);
    const people = screen.getAllByRole('listitem');
    expect(within(people[0]).getByRole('heading', { name: 'Amelia Hart' })).toBeTruthy();
    expect(within(people[0]).getByRole('link', { name: 'Amelia Hart on LinkedIn (opens in a new tab)' })).toBeTruthy();
    expect(within(people[1]).queryByRole('link')).toBeNull();
    expect(screen.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/team');
  });
});

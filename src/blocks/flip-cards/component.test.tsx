// @vitest-environment jsdom
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectHeadedList, renderBlock } from '../../../tests/helpers/render.tsx';
import { fixture } from './fixture.ts';
import { blockComponent } from '../registry.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const FlipCards = await blockComponent('flip-cards');

describe('flip-cards', () => {
  it('shows each figure with its title, and keeps the back text readable and focusable', () => {
    renderBlock(<FlipCards {...fixture} />);
    const cards = expectHeadedList('Metrics That Matter', 4);
    expect(within(cards[0]).getByText('75%')).toBeTruthy();
    expect(within(cards[0]).getByRole('heading', { level: 3, name: 'Operational process efficiency' })).toBeTruthy();
    expect(within(cards[3]).getByText('Every tenant billed to contract.')).toBeTruthy();
    // The focus stop has a role and a name (issue 20: it was a bare <li tabindex=0>).
    const stop = within(cards[0]).getByRole('group', { name: 'Operational process efficiency' });
    expect(stop.getAttribute('tabindex')).toBe('0');
  });
});

// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/render.tsx';
import { blockComponent } from '../registry.ts';
import { fixture } from './fixture.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const IconTabs = await blockComponent('icon-tabs');

describe('icon-tabs', () => {
  it('shows the detail of the chosen icon, and steps with Next/Previous', () => {
    renderBlock(<IconTabs {...fixture} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Legacy billing' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Lease records' }));
    expect(screen.getByText(/Scanned contracts/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next topic' }));
    expect(screen.getByRole('tab', { name: 'Legacy billing' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Previous topic' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Lease records' })).toBeTruthy();
  });
});

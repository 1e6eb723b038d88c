// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/render.tsx';
import { blockComponent } from '../registry.ts';
import { fixture } from './fixture.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const OfficeTabs = await blockComponent('office-tabs');

describe('office-tabs', () => {
  it('shows the first office with map and contact links, then another on selection', () => {
    renderBlock(<OfficeTabs {...fixture} />);
    expect(screen.getByRole('tab', { name: 'London (HQ)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('link', { name: 'london@veltrix.example' }).getAttribute('href')).toBe('mailto:london@veltrix.example');
    expect(screen.getByRole('link', { name: '+44 20 7946 0321' }).getAttribute('href')).toBe('tel:+442079460321');
    expect(screen.getByTitle('Map of the London office').closest('[hidden]')).toBeNull();
    // Every office is in the page; the ones not chosen are hidden (and their lazy maps not loaded).
    expect(screen.queryByRole('heading', { level: 3, name: 'Pune' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Pune' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Pune' })).toBeTruthy();
    expect(screen.getByTitle('Map of the London office').closest('[hidden]')).not.toBeNull();
  });
});

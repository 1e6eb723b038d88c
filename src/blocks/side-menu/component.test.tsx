// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/render.tsx';
import { blockComponent } from '../registry.ts';
import { fixture } from './fixture.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const SideMenu = await blockComponent('side-menu');

describe('side-menu', () => {
  it('highlights only the link of the current page', () => {
    renderBlock(<SideMenu {...fixture} />, '/services/operation-service');
    const nav = screen.getByRole('navigation', { name: 'Services' });
    expect(within(nav).getAllByRole('link')).toHaveLength(4);
    expect(within(nav).getByRole('link', { name: 'Operation' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Migration' }).getAttribute('aria-current')).toBeNull();
  });

  it('highlights nothing on the hub page (exact match only)', () => {
    renderBlock(<SideMenu {...fixture} />, '/services');
    expect(screen.getByRole('navigation').querySelector('[aria-current]')).toBeNull();
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock, stubShowModal } from '../../../tests/helpers/render.tsx';
import { blockComponent } from '../registry.ts';
import { fixture } from './fixture.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const TileTabs = await blockComponent('tile-tabs');

stubShowModal();

describe('tile-tabs', () => {
  it('opens on the default category and shows only its tiles', () => {
    renderBlock(<TileTabs {...fixture} />);
    expect(screen.getByRole('tab', { name: 'Technology Partners' }).getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
    expect(within(panel).getByText('Northwind Cloud')).toBeTruthy();
  });

  it('switches category by click and by arrow key', () => {
    renderBlock(<TileTabs {...fixture} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Implementation Partners' }));
    expect(within(screen.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Implementation Partners' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Technology Partners' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens a dialog with the description and the partner link', () => {
    renderBlock(<TileTabs {...fixture} />);
    fireEvent.click(screen.getByRole('button', { name: 'Northwind Cloud' }));
    const dialog = screen.getByRole('dialog', { name: 'Northwind Cloud' });
    expect(within(dialog).getByText('Hosting for our SaaS platforms.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Visit Partner Site (opens in a new tab)' }).getAttribute('href')).toBe(
      'https://northwind.example',
    );
  });

  it('links out from tiles with a link', () => {
    renderBlock(<TileTabs {...fixture} defaultCategory={2} />);
    expect(screen.getByRole('link', { name: /Telco Summit 2026/ }).getAttribute('href')).toBe('https://events.example/summit');
  });
});

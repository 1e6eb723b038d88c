// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/render.tsx';
import { fixture } from './fixture.ts';
import { blockComponent } from '../registry.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const RichText = await blockComponent('rich-text');

describe('rich-text', () => {
  it('shows the heading and the HTML body', () => {
    renderBlock(<RichText {...fixture} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'What we collect' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
  it('renders nothing when there is nothing to show', () => {
    const { container } = renderBlock(<RichText />);
    expect(container.innerHTML).toBe('');
  });
});

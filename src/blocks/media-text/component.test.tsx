// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/render.tsx';
import { fixture } from './fixture.ts';
import { blockComponent } from '../registry.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const MediaText = await blockComponent('media-text');

describe('media-text', () => {
  it('shows heading, text, image with alt text, stat and call to action', () => {
    renderBlock(<MediaText {...fixture} />);
    expect(screen.getByRole('heading', { level: 2, name: fixture.heading })).toBeTruthy();
    expect(screen.getByText(/For three decades/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Engineers at a tower site' })).toBeTruthy();
    expect(screen.getByText('30+')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Know more' }).getAttribute('href')).toBe('/about-veltrix');
  });
});

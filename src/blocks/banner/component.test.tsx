// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/render.tsx';
import { fixture } from './fixture.ts';
import { blockComponent } from '../registry.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const Banner = await blockComponent('banner');

describe('banner', () => {
  it('is the page heading when first, with paragraph and call to action', () => {
    renderBlock(<Banner {...fixture} priority />);
    expect(screen.getByRole('heading', { level: 1, name: fixture.heading })).toBeTruthy();
    expect(screen.getByText(fixture.text!)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request Demo' }).getAttribute('href')).toBe('/talk-to-us');
  });

  it('serves the mobile image through <picture> and prioritises the LCP image', () => {
    const { container } = renderBlock(<Banner {...fixture} priority />);
    expect(container.querySelector('source')?.getAttribute('srcset')).toBe(fixture.imageMobile);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('width')).toBeTruthy();
  });

  it('lazy-loads when it is not the first section, and falls back to the subheading as heading', () => {
    const { container } = renderBlock(<Banner subheading="Only sub text" image="x.svg" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Only sub text' })).toBeTruthy();
    expect(container.querySelector('img')!.getAttribute('loading')).toBe('lazy');
  });
});

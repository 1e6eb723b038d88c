// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/render.tsx';
import { fixture } from './fixture.ts';
import { blockComponent } from '../registry.ts';
import { PER_VIEW_BREAKPOINTS } from './component.tsx';

// The registry's component: the block's schema defaults apply, as on a page.
const Carousel = await blockComponent('carousel');

describe('carousel', () => {
  it('server-renders every slide as content with named controls', () => {
    renderBlock(<Carousel {...fixture} />);
    const region = screen.getByRole('region', { name: 'Our Strengths' });
    expect(
      within(region)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Lease & Contract Management', 'AI-powered Asset Tracking', 'Revenue Management']);
    // WAI-ARIA carousel pattern: the region is described as a carousel, each slide is a group
    // described as a slide and named "N of M".
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = within(region).getAllByRole('group', { name: /^\d+ of 3$/ });
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(slides.every((slide) => slide.getAttribute('aria-roledescription') === 'slide')).toBe(true);
    expect(within(slides[1]).getByRole('heading', { level: 3 }).textContent).toBe('AI-powered Asset Tracking');
    expect(screen.getByRole('button', { name: 'Previous slide' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pause/ })).toBeNull();
  });

  it('offers a pause control when it autoplays', () => {
    renderBlock(<Carousel {...fixture} autoplay />);
    expect(screen.getByRole('button', { name: 'Pause carousel' })).toBeTruthy();
  });

  it('renders nothing without slides', () => {
    const { container } = renderBlock(<Carousel slides={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('steps 5 slides down to 4/3/2 below 979/767/639 px, and 2 to 1 below 499 px', () => {
    expect(PER_VIEW_BREAKPOINTS[5]).toEqual({ base: 1, 420: 2, 640: 3, 768: 4, 980: 5 });
    expect(PER_VIEW_BREAKPOINTS[2]).toEqual({ base: 1, 500: 2 });
  });
});

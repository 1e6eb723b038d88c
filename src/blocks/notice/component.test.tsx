// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/render.tsx';
import { fixture } from './fixture.ts';
import { blockComponent } from '../registry.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const Notice = await blockComponent('notice');

describe('notice', () => {
  it('shows the not-found message and the way home', () => {
    renderBlock(<Notice {...fixture} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sorry, Page not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Homepage' }).getAttribute('href')).toBe('/');
  });
});

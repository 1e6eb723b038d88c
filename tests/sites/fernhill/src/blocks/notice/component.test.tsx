// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../../../helpers/render.tsx';
import { blockLoaders } from '../components.generated.ts';
import { fixture } from './fixture.ts';

const Notice = await blockLoaders.notice();

describe('notice (Fernhill’s own look)', () => {
  it('is a catalogue card with the message and the way back', () => {
    const { container } = renderBlock(<Notice {...fixture} />);
    expect(container.querySelector('.fernhill-notice__card')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Not on our shelves' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the library' }).getAttribute('href')).toBe('/');
  });
});

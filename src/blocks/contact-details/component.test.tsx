// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/render.tsx';
import { fixture } from './fixture.ts';
import { blockComponent } from '../registry.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const ContactDetails = await blockComponent('contact-details');

describe('contact-details', () => {
  it('lists labelled details with mail and phone links', () => {
    renderBlock(<ContactDetails {...fixture} />);
    expect(screen.getByRole('heading', { name: 'Contact us' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'hello@veltrix.example' }).getAttribute('href')).toBe('mailto:hello@veltrix.example');
    expect(screen.getByText('Phone')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/contact');
  });
});

// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../test-utils.tsx';
import { Form } from './component.tsx';
import { fixture } from './fixture.ts';

describe('form', () => {
  it('keeps the form its place with heading, text and the e-mail fallback', () => {
    renderBlock(<Form {...fixture} />);
    expect(screen.getByRole('region', { name: 'Send us a message' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'E-mail sales@veltrix.example' }).getAttribute('href')).toBe('mailto:sales@veltrix.example');
  });
});

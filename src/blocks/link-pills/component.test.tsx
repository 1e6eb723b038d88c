// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/render.tsx';
import { fixture } from './fixture.ts';
import { blockComponent } from '../registry.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const LinkPills = await blockComponent('link-pills');

describe('link-pills', () => {
  it('links every pill', () => {
    renderBlock(<LinkPills {...fixture} />);
    expect(screen.getByRole('heading', { name: 'Our Products' })).toBeTruthy();
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/solutions/tower-management-solutions',
      '/solutions/cross-industry-solutions',
      '/products/',
      '/solutions/telecom-and-CSP',
    ]);
  });

  it('marks the pill of the current page', () => {
    renderBlock(
      <LinkPills
        links={[
          { label: 'Leadership', href: '/team' },
          { label: 'Advisory Board', href: '/advisory-board' },
        ]}
      />,
      '/advisory-board',
    );
    expect(screen.getByRole('link', { name: 'Advisory Board' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Leadership' }).getAttribute('aria-current')).toBeNull();
  });
});

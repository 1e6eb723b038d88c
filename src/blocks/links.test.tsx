// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NEW_TAB_NOTE, SmartLink } from './shared.tsx';

function renderLinks(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }]);
  render(<RouterProvider router={router} />);
}

describe('links that open a new tab say so (issue 20, WCAG 3.2.5)', () => {
  it('a link to another site opens a new tab and its name ends with the note', () => {
    renderLinks(<SmartLink href="https://partner.example.com/">Visit Partner Site</SmartLink>);
    const link = screen.getByRole('link', { name: `Visit Partner Site ${NEW_TAB_NOTE}` });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('a link named by aria-label carries the note in it', () => {
    renderLinks(
      <SmartLink href="https://www.linkedin.com/company/x" aria-label="Veltrix on LinkedIn">
        in
      </SmartLink>,
    );
    expect(screen.getByRole('link', { name: `Veltrix on LinkedIn ${NEW_TAB_NOTE}` })).toBeTruthy();
  });

  it('links within the site, to files, mail and phone open in place and carry no note', () => {
    renderLinks(
      <>
        <SmartLink href="/contact">Contact</SmartLink>
        <SmartLink href="/files/brochure.pdf">Brochure</SmartLink>
        <SmartLink href="mailto:sales@example.com">Mail</SmartLink>
      </>,
    );
    for (const name of ['Contact', 'Brochure', 'Mail']) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('target')).toBeNull();
    }
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock, stubShowModal } from '../../../tests/helpers/render.tsx';
import { blockComponent } from '../registry.ts';
import { fixture } from './fixture.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const DocumentGrid = await blockComponent('document-grid');

stubShowModal();

describe('document-grid', () => {
  it("offers 'Download pdf' only for documents with a PDF", () => {
    renderBlock(<DocumentGrid {...fixture} />);
    const [withPdf, withoutPdf] = screen.getAllByRole('listitem');
    // A real link to the PDF (works without the script), which opens the pop-up frame once interactive.
    expect(within(withPdf).getByRole('link', { name: 'Download pdf: Lease & Contract Management' }).getAttribute('href')).toBe(
      '/placeholder/document.pdf',
    );
    expect(within(withoutPdf).queryByRole('link', { name: /Download pdf/ })).toBeNull();
    expect(within(withoutPdf).getByRole('link', { name: 'Get it by e-mail' })).toBeTruthy();
  });

  it('opens the PDF in a dialog frame', () => {
    renderBlock(<DocumentGrid {...fixture} />);
    fireEvent.click(screen.getByRole('link', { name: /Download pdf/ }));
    const dialog = screen.getByRole('dialog', { name: 'Lease & Contract Management' });
    expect(within(dialog).getByTitle('Lease & Contract Management').getAttribute('src')).toBe('/placeholder/document.pdf');
  });
});

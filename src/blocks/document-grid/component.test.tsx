// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderBlock } from '../test-utils.tsx';
import { DocumentGrid } from './component.tsx';
import { fixture } from './fixture.ts';

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

describe('document-grid', () => {
  it("offers 'Download pdf' only for documents with a PDF", () => {
    renderBlock(<DocumentGrid {...fixture} />);
    const [withPdf, withoutPdf] = screen.getAllByRole('listitem');
    expect(within(withPdf).getByRole('button', { name: 'Download pdf: Lease & Contract Management' })).toBeTruthy();
    expect(within(withoutPdf).queryByRole('button')).toBeNull();
    expect(within(withoutPdf).getByRole('link', { name: 'Get it by e-mail' })).toBeTruthy();
  });

  it('opens the PDF in a dialog frame', () => {
    renderBlock(<DocumentGrid {...fixture} />);
    fireEvent.click(screen.getByRole('button', { name: /Download pdf/ }));
    const dialog = screen.getByRole('dialog', { name: 'Lease & Contract Management' });
    expect(within(dialog).getByTitle('Lease & Contract Management').getAttribute('src')).toBe(
      'https://img.example.test/brochures/lease.pdf',
    );
  });
});

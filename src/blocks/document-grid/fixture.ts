import type { DocumentGridBlockProps } from '../../generated/blocks.ts';
import { PLACEHOLDER_DOCUMENT, PLACEHOLDER_IMAGE } from '../fixture-helpers.ts';

export const fixture: DocumentGridBlockProps = {
  heading: { title: 'Brochures' },
  documents: [
    {
      title: 'Lease & Contract Management',
      image: PLACEHOLDER_IMAGE,
      pdf: PLACEHOLDER_DOCUMENT,
    },
    { title: 'Orchestration Platform', link: { label: 'Get it by e-mail', href: '/pdf-download-form?id=2' } },
  ],
};

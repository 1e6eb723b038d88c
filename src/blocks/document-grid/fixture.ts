import type { DocumentGridBlockProps } from '../../generated/blocks.ts';
import { sampleFile } from '../fixture-helpers.ts';

export const fixture: DocumentGridBlockProps = {
  heading: { title: 'Brochures' },
  documents: [
    {
      title: 'Lease & Contract Management',
      image: sampleFile('docs/lease.svg'),
      pdf: sampleFile('brochures/lease.pdf'),
    },
    { title: 'Orchestration Platform', link: { label: 'Get it by e-mail', href: '/pdf-download-form?id=2' } },
  ],
};

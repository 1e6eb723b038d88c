import type { DocumentGridBlockProps } from '../../generated/blocks.ts';

export const fixture: DocumentGridBlockProps = {
  heading: { title: 'Brochures' },
  documents: [
    {
      title: 'Lease & Contract Management',
      image: 'https://img.example.test/docs/lease.svg',
      pdf: 'https://img.example.test/brochures/lease.pdf',
    },
    { title: 'Orchestration Platform', link: { label: 'Get it by e-mail', href: '/pdf-download-form?id=2' } },
  ],
};

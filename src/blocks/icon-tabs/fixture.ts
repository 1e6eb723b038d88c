import type { IconTabsBlockProps } from '../../generated/blocks.ts';
import { sampleFile } from '../fixture-helpers.ts';

export const fixture: IconTabsBlockProps = {
  heading: { title: 'Migrations we are often asked for' },
  items: [
    {
      title: 'Legacy billing',
      icon: sampleFile('icons/revenue.svg'),
      html: '<p>Move rating and invoicing without a billing freeze.</p>',
    },
    { title: 'Lease records', html: '<p>Scanned contracts become structured, searchable leases.</p>' },
  ],
};

import type { IconTabsBlockProps } from '../../generated/blocks.ts';
import { PLACEHOLDER_IMAGE } from '../fixture-helpers.ts';

export const fixture: IconTabsBlockProps = {
  heading: { title: 'Migrations we are often asked for' },
  items: [
    {
      title: 'Legacy billing',
      icon: PLACEHOLDER_IMAGE,
      html: '<p>Move rating and invoicing without a billing freeze.</p>',
    },
    { title: 'Lease records', html: '<p>Scanned contracts become structured, searchable leases.</p>' },
  ],
};

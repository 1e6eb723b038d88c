import type { CardGridBlockProps } from '../../generated/blocks.ts';
import { PLACEHOLDER_IMAGE } from '../fixture-helpers.ts';

export const fixture: CardGridBlockProps = {
  heading: { title: 'Latest Resources', subtitle: 'Insights from the field' },
  variant: 'article',
  columns: 3,
  items: [
    {
      title: 'Five signs your tower lease data is costing you money',
      label: 'Business',
      date: '2026-03-14',
      text: 'Escalation clauses and missed renewals add up.',
      image: PLACEHOLDER_IMAGE,
      link: { label: 'Read Full Article', href: '/blog/five-signs-lease-data' },
    },
    { title: 'Billing accuracy at scale', label: 'Products', date: '2026-02-01', text: 'How telcos reach 100%.' },
  ],
  footerLink: { label: 'View All', href: '/white-paper-case-studies' },
};

import type { TileTabsBlockProps } from '../../generated/blocks.ts';
import { PLACEHOLDER_IMAGE } from '../fixture-helpers.ts';

export const fixture: TileTabsBlockProps = {
  heading: { title: 'Our Partners' },
  label: 'Partner categories',
  defaultCategory: 1,
  categories: [
    { id: 1, name: 'Technology Partners' },
    { id: 2, name: 'Implementation Partners' },
  ],
  tiles: [
    {
      category: 1,
      title: 'Northwind Cloud',
      image: PLACEHOLDER_IMAGE,
      dialog: { html: '<p>Hosting for our SaaS platforms.</p>', link: { label: 'Visit Partner Site', href: 'https://northwind.example' } },
    },
    {
      category: 2,
      title: 'Arclight Consulting',
      image: PLACEHOLDER_IMAGE,
      dialog: { html: '<p>Delivery partner.</p>' },
    },
    {
      category: 2,
      title: 'Telco Summit 2026',
      subtitle: '12 May 2026 · Dubai',
      href: 'https://events.example/summit',
      linkLabel: 'View Event Details',
    },
  ],
};

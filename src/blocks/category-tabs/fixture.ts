import type { CategoryTabsBlockProps } from '../../generated/blocks.ts';

export const fixture: CategoryTabsBlockProps = {
  label: 'Blog categories',
  param: 'category',
  allLabel: 'Recent',
  items: [
    { label: 'Customer', value: 'customer' },
    { label: 'Products', value: 'products' },
    { label: 'Business', value: 'business' },
  ],
};

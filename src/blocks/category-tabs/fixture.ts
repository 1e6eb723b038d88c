import type { CategoryTabsBlockProps } from '../../generated/blocks.ts';
import { options } from '../fixture-helpers.ts';

export const fixture: CategoryTabsBlockProps = {
  label: 'Blog categories',
  param: 'category',
  allLabel: 'Recent',
  items: options(['Customer', 'Products', 'Business'], (label) => label.toLowerCase()),
};

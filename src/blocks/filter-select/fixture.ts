import type { FilterSelectBlockProps } from '../../generated/blocks.ts';
import { options } from '../fixture-helpers.ts';

export const fixture: FilterSelectBlockProps = {
  label: 'Year',
  param: 'year',
  placeholder: 'Select Year',
  options: options(['2026', '2025']),
};

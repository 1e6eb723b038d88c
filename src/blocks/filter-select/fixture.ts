import type { FilterSelectBlockProps } from '../../generated/blocks.ts';

export const fixture: FilterSelectBlockProps = {
  label: 'Year',
  param: 'year',
  placeholder: 'Select Year',
  options: [
    { label: '2026', value: '2026' },
    { label: '2025', value: '2025' },
  ],
};

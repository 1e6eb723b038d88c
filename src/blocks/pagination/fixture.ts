import type { PaginationBlockProps } from '../../generated/blocks.ts';

export const fixture: PaginationBlockProps = { param: 'page', current: 5, last: 12, label: 'Blog pages' };

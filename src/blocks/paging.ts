/** Which page links a pager shows: shared by the link pager and the client-side grid pager. */
export const MAX_PAGE_LINKS = 7;

export type PageSlot = number | 'ellipsis-start' | 'ellipsis-end';

/** Up to MAX_PAGE_LINKS numbered links: first, last and a window around the current page, with ellipses for gaps. */
export function pageSlots(current: number, last: number): PageSlot[] {
  if (last <= MAX_PAGE_LINKS) return Array.from({ length: last }, (_v, i) => i + 1);
  const windowSize = MAX_PAGE_LINKS - 2;
  const start = Math.max(2, Math.min(current - Math.floor(windowSize / 2), last - windowSize));
  const end = start + windowSize - 1;
  const slots: PageSlot[] = [1];
  if (start > 2) slots.push('ellipsis-start');
  for (let page = start; page <= end; page++) slots.push(page);
  if (end < last - 1) slots.push('ellipsis-end');
  slots.push(last);
  return slots;
}

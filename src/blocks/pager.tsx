/**
 * The list of a pager: Previous, the numbered pages of pageSlots (with ellipses) and Next. The
 * link pager (pagination block) and the client-side grid pager (filterable-grid) render it with
 * their own controls: links to URLs, or buttons that set the page.
 */
import type { ReactNode } from 'react';
import { pageSlots } from './paging.ts';

/** The attributes of a numbered page control: its class, its name and whether it is the current page. */
export interface PageControl {
  className: string;
  'aria-current': 'page' | undefined;
  'aria-label': string;
}

export function PagerList({
  current,
  last,
  step,
  page,
}: {
  current: number;
  last: number;
  /** Previous or Next, to `target`; `enabled` is false at either end. */
  step: (label: 'Previous' | 'Next', target: number, enabled: boolean) => ReactNode;
  /** The control for page `slot`, with the attributes it must carry. */
  page: (slot: number, attributes: PageControl) => ReactNode;
}) {
  return (
    <ul className="pagination__list">
      <li>{step('Previous', current - 1, current > 1)}</li>
      {pageSlots(current, last).map((slot) =>
        typeof slot === 'number' ? (
          <li key={slot}>
            {page(slot, {
              className: slot === current ? 'pagination__page pagination__page--current' : 'pagination__page',
              'aria-current': slot === current ? 'page' : undefined,
              'aria-label': `Page ${slot}`,
            })}
          </li>
        ) : (
          <li key={slot} className="pagination__ellipsis" aria-hidden="true">
            …
          </li>
        ),
      )}
      <li>{step('Next', current + 1, current < last)}</li>
    </ul>
  );
}

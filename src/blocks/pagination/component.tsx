import { useLocation } from 'react-router';
import type { PaginationBlockProps } from '../../generated/blocks.ts';
import { pageSlots } from '../paging.ts';
import { SmartLink, type BlockExtras } from '../shared.tsx';

function toPage(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

export function Pagination({
  param = 'page',
  current,
  last,
  pageSize,
  itemCount,
  anchor,
  label = 'Pagination',
}: PaginationBlockProps & BlockExtras) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const requested = toPage(current ?? search.get(param), 1);
  // Without a page count, a full page means there may be more: offer the next one.
  const full = pageSize !== undefined && itemCount !== undefined && itemCount >= pageSize;
  const lastPage = last !== undefined ? toPage(last, 1) : full ? requested + 1 : requested;
  const page = Math.min(requested, lastPage);
  if (lastPage <= 1) return null;

  const hrefFor = (target: number) => {
    const next = new URLSearchParams(search);
    if (target === 1) next.delete(param);
    else next.set(param, String(target));
    const query = next.toString();
    return `${location.pathname}${query ? `?${query}` : ''}${anchor ? `#${anchor}` : ''}`;
  };

  return (
    <nav className="pagination container" aria-label={label}>
      <ul className="pagination__list">
        <li>
          {page > 1 ? (
            <SmartLink href={hrefFor(page - 1)} className="pagination__step">
              Previous
            </SmartLink>
          ) : (
            <span className="pagination__step pagination__step--disabled" aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {pageSlots(page, lastPage).map((slot) =>
          typeof slot === 'number' ? (
            <li key={slot}>
              <SmartLink
                href={hrefFor(slot)}
                className={slot === page ? 'pagination__page pagination__page--current' : 'pagination__page'}
                aria-current={slot === page ? 'page' : undefined}
                aria-label={`Page ${slot}`}
              >
                {String(slot)}
              </SmartLink>
            </li>
          ) : (
            <li key={slot} className="pagination__ellipsis" aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          {page < lastPage ? (
            <SmartLink href={hrefFor(page + 1)} className="pagination__step">
              Next
            </SmartLink>
          ) : (
            <span className="pagination__step pagination__step--disabled" aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

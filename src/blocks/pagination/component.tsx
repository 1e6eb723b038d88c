import { useLocation } from 'react-router';
import type { PaginationBlockProps } from '../../generated/blocks.ts';
import { pageSlots } from '../paging.ts';
import { SmartLink, type BlockExtras } from '../shared.tsx';

function toPage(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

export function Pagination({ param = 'page', current, last, label = 'Pagination' }: PaginationBlockProps & BlockExtras) {
  const location = useLocation();
  const lastPage = toPage(last, 1);
  const page = Math.min(toPage(current, 1), lastPage);
  if (lastPage <= 1) return null;

  const search = new URLSearchParams(location.search);
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(search);
    if (target === 1) next.delete(param);
    else next.set(param, String(target));
    const query = next.toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
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

import { useLocation } from 'react-router';
import { PagerList } from '../pager.tsx';
import { SmartLink, type BlockExtras } from '../shared.tsx';
import type { Resolved } from '../defaults.ts';

function toPage(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

export function Pagination({ param, current, last, pageSize, itemCount, anchor, label }: Resolved<'pagination'> & BlockExtras) {
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
      <PagerList
        current={page}
        last={lastPage}
        step={(text, target, enabled) =>
          enabled ? (
            <SmartLink href={hrefFor(target)} className="pagination__step">
              {text}
            </SmartLink>
          ) : (
            <span className="pagination__step pagination__step--disabled" aria-disabled="true">
              {text}
            </span>
          )
        }
        page={(slot, attributes) => (
          <SmartLink href={hrefFor(slot)} {...attributes}>
            {String(slot)}
          </SmartLink>
        )}
      />
    </nav>
  );
}

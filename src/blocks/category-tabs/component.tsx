import { useRef } from 'react';
import { useLocation } from 'react-router';
import { listOf, SmartLink, useFocusedInView, type BlockExtras } from '../shared.tsx';
import type { Resolved } from '../defaults.ts';

/** Query parameters that describe a position in a list, dropped when the filter changes. */
const PAGING_PARAMS = ['page'] as const;

export function CategoryTabs({ label, param, allLabel, items, anchor }: Resolved<'category-tabs'> & BlockExtras) {
  const location = useLocation();
  const row = useRef<HTMLUListElement>(null);
  useFocusedInView(row);
  const search = new URLSearchParams(location.search);
  const selected = search.get(param) ?? '';
  const tabs = [...(allLabel ? [{ label: allLabel, value: '' }] : []), ...listOf(items)];
  if (tabs.length === 0) return null;

  const hrefFor = (value: string) => {
    const next = new URLSearchParams(search);
    PAGING_PARAMS.forEach((p) => next.delete(p));
    if (value) next.set(param, value);
    else next.delete(param);
    const query = next.toString();
    return `${location.pathname}${query ? `?${query}` : ''}${anchor ? `#${anchor}` : ''}`;
  };

  return (
    <nav className="category-tabs container" aria-label={label}>
      <ul className="category-tabs__list" ref={row}>
        {tabs.map((tab) => {
          const active = tab.value === selected;
          return (
            <li key={tab.value || '__all'}>
              <SmartLink
                href={hrefFor(tab.value)}
                className={active ? 'tab tab--active' : 'tab'}
                aria-current={active ? 'page' : undefined}
              >
                {tab.label}
              </SmartLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

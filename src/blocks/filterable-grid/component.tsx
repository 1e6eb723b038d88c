import { useId, useState, type ReactNode } from 'react';
import { PagerList } from '../pager.tsx';
import { BlockSection, DateText, Html, LazyImage, listOf, textOf, OptionalLink, type BlockExtras, itemHeading } from '../shared.tsx';
import type { Resolved } from '../defaults.ts';
import { TabList, TabPanel, useTabIds } from '../tabs.tsx';

export function FilterableGrid({
  heading,
  allLabel,
  searchLabel,
  pageSize,
  emptyText,
  categories,
  items,
}: Resolved<'filterable-grid'> & BlockExtras) {
  const ItemTitle = itemHeading(heading);
  const cats = listOf(categories);
  const all = listOf(items);
  const [category, setCategory] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const idBase = useTabIds();
  const searchId = useId();
  const labelOf = (value: unknown) => cats.find((c) => c.value === String(value))?.label;

  const needle = query.trim().toLowerCase();
  const filtered = all.filter(
    (item) =>
      (!category || String(item.category) === category) && (!needle || `${item.title} ${textOf(item.text)}`.toLowerCase().includes(needle)),
  );
  const last = Math.max(1, Math.ceil(filtered.length / pageSize));
  const current = Math.min(page, last);
  const shown = filtered.slice((current - 1) * pageSize, current * pageSize);
  const tabs = [{ key: '', label: allLabel }, ...cats.map((c) => ({ key: c.value, label: c.label }))];
  // Without categories (e.g. tabs that reload a server-paged list), no tab bar: the search filters these items.
  const withTabs = cats.length > 0;
  const Panel = withTabs ? TabPanel : PlainPanel;

  return (
    <BlockSection className="filterable-grid" heading={heading}>
      <div className="filterable-grid__controls">
        {withTabs ? (
          <TabList
            label="Categories"
            idBase={idBase}
            tabs={tabs}
            selected={category}
            onSelect={(key) => {
              setCategory(key);
              setPage(1);
            }}
          />
        ) : null}
        <div className="filterable-grid__search" role="search">
          <label htmlFor={searchId}>{searchLabel}</label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setPage(1);
            }}
          />
        </div>
      </div>
      <Panel
        idBase={idBase}
        selectedIndex={Math.max(
          0,
          tabs.findIndex((t) => t.key === category),
        )}
      >
        {/* The live region is there from the start (a region inserted with its first message is
            often not announced); empty until a tab or a search narrows the list. */}
        <p className="filterable-grid__count" aria-live="polite">
          {withTabs || needle ? (filtered.length === 1 ? '1 result' : `${filtered.length} results`) : ''}
        </p>
        {shown.length === 0 ? (
          <p className="card-grid__empty">{emptyText}</p>
        ) : (
          <ul className="card-grid__list columns-2">
            {shown.map((item, index) => (
              <li key={`${item.link?.href ?? item.title}-${index}`} className="card">
                <LazyImage src={item.image} className="card__image" width={480} height={270} />
                <div className="card__body">
                  <p className="card__meta">
                    {(item.label ?? labelOf(item.category)) ? (
                      <span className="card__label">{item.label ?? labelOf(item.category)}</span>
                    ) : null}
                    <DateText value={item.date} />
                  </p>
                  <ItemTitle className="card__title">{item.title}</ItemTitle>
                  <Html html={item.text} className="card__text" />
                  <OptionalLink link={item.link} className="card__link text-link" />
                </div>
              </li>
            ))}
          </ul>
        )}
        {last > 1 ? (
          <nav className="pagination" aria-label="Result pages">
            <PagerList
              current={current}
              last={last}
              step={(text, target, enabled) => (
                <button type="button" className="pagination__step" disabled={!enabled} onClick={() => setPage(target)}>
                  {text}
                </button>
              )}
              page={(slot, attributes) => (
                <button type="button" {...attributes} onClick={() => setPage(slot)}>
                  {slot}
                </button>
              )}
            />
          </nav>
        ) : null}
      </Panel>
    </BlockSection>
  );
}

function PlainPanel({ children }: { idBase: string; selectedIndex: number; children: ReactNode }) {
  return <div>{children}</div>;
}

import { useState } from 'react';
import type { IconTabsBlockProps } from '../../generated/blocks.ts';
import { Html, listOf, SectionHeading, type BlockExtras } from '../shared.tsx';
import { TabList, TabPanel, useTabIds } from '../tabs.tsx';

export function IconTabs({ heading, label = 'Topics', items }: IconTabsBlockProps & BlockExtras) {
  const list = listOf(items);
  const [selected, setSelected] = useState(0);
  const idBase = useTabIds();
  const item = list[selected];
  if (!item) return null;
  const go = (delta: number) => setSelected((selected + delta + list.length) % list.length);
  return (
    <section className="icon-tabs">
      <div className="container">
        <SectionHeading heading={heading} />
        <TabList
          label={label}
          idBase={idBase}
          className="tablist icon-tabs__list"
          selected={String(selected)}
          onSelect={(key) => setSelected(Number(key))}
          tabs={list.map((entry, index) => ({
            key: String(index),
            label: (
              <>
                {entry.icon ? <img src={entry.icon} alt="" width={40} height={40} className="icon-tabs__icon" /> : null}
                <span>{entry.title}</span>
              </>
            ),
          }))}
        />
        <TabPanel idBase={idBase} selectedIndex={selected} className="icon-tabs__panel">
          <div className="icon-tabs__text">
            <h3>{item.title}</h3>
            <Html html={item.html} />
          </div>
          {item.image ? (
            <img className="icon-tabs__image" src={item.image} alt="" width={480} height={320} loading="lazy" decoding="async" />
          ) : null}
        </TabPanel>
        {list.length > 1 ? (
          <p className="icon-tabs__steps">
            <button type="button" className="carousel__button" onClick={() => go(-1)} aria-label="Previous topic">
              <span aria-hidden="true">‹</span>
            </button>
            <span className="icon-tabs__count">
              {selected + 1} / {list.length}
            </span>
            <button type="button" className="carousel__button" onClick={() => go(1)} aria-label="Next topic">
              <span aria-hidden="true">›</span>
            </button>
          </p>
        ) : null}
      </div>
    </section>
  );
}

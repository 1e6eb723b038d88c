import { useState } from 'react';
import { BlockSection, Html, IconButton, LazyImage, listOf, type BlockExtras } from '../shared.tsx';
import type { Resolved } from '../defaults.ts';
import { IndexTabList, TabPanel, useTabIds } from '../tabs.tsx';

export function IconTabs({ heading, label, items }: Resolved<'icon-tabs'> & BlockExtras) {
  const list = listOf(items);
  const [selected, setSelected] = useState(0);
  const idBase = useTabIds();
  const item = list[selected];
  if (!item) return null;
  const go = (delta: number) => setSelected((selected + delta + list.length) % list.length);
  return (
    <BlockSection className="icon-tabs" heading={heading}>
      <IndexTabList
        label={label}
        idBase={idBase}
        className="tablist icon-tabs__list"
        selected={selected}
        onSelect={setSelected}
        labels={list.map((entry) => (
          <>
            {entry.icon ? <img src={entry.icon} alt="" width={40} height={40} className="icon-tabs__icon" /> : null}
            <span>{entry.title}</span>
          </>
        ))}
      />
      <TabPanel idBase={idBase} selectedIndex={selected} className="icon-tabs__panel">
        <div className="icon-tabs__text">
          <h3>{item.title}</h3>
          <Html html={item.html} />
        </div>
        <LazyImage src={item.image} className="icon-tabs__image" width={480} height={320} />
      </TabPanel>
      {list.length > 1 ? (
        <p className="icon-tabs__steps">
          <IconButton className="carousel__button" label="Previous topic" symbol="‹" onClick={() => go(-1)} />
          <span className="icon-tabs__count">
            {selected + 1} / {list.length}
          </span>
          <IconButton className="carousel__button" label="Next topic" symbol="›" onClick={() => go(1)} />
        </p>
      ) : null}
    </BlockSection>
  );
}

import { useRef, useState } from 'react';
import type { TileTabsBlockProps } from '../../generated/blocks.ts';
import { BlockSection, Html, LazyImage, listOf, OptionalLink, SmartLink, type BlockExtras } from '../shared.tsx';
import type { Resolved } from '../defaults.ts';
import { TabList, TabPanel, useTabIds } from '../tabs.tsx';

type Tile = TileTabsBlockProps['tiles'][number];

export function TileTabs({ heading, label, defaultCategory, categories, tiles, emptyText }: Resolved<'tile-tabs'> & BlockExtras) {
  const cats = listOf(categories);
  const all = listOf(tiles);
  const initial = cats.some((c) => String(c.id) === String(defaultCategory)) ? String(defaultCategory) : String(cats[0]?.id ?? '');
  const [selected, setSelected] = useState(initial);
  const dialogs = useRef(new Map<number, HTMLDialogElement>());
  const idBase = useTabIds();
  const inSelected = (tile: Tile) => String(tile.category) === selected;
  const selectedIndex = Math.max(
    0,
    cats.findIndex((c) => String(c.id) === selected),
  );

  // Every tile and dialog is in the page (search engines and the no-script reader see them all);
  // choosing a category hides the other categories' tiles, as SPEC §4 describes.
  const dialogList = all.map((tile, index) =>
    tile.dialog ? (
      <dialog
        key={index}
        ref={(el) => {
          if (el) dialogs.current.set(index, el);
          else dialogs.current.delete(index);
        }}
        className="tile-dialog"
        aria-labelledby={`${idBase}-dialog-${index}`}
      >
        <div className="tile-dialog__body">
          <form method="dialog" className="tile-dialog__close">
            <button type="submit" aria-label="Close">
              <span aria-hidden="true">×</span>
            </button>
          </form>
          <LazyImage src={tile.dialog.image ?? tile.image} className="tile-dialog__image" width={320} height={160} />
          <h2 id={`${idBase}-dialog-${index}`}>{tile.title}</h2>
          <Html html={tile.dialog.html} />
          <OptionalLink link={tile.dialog.link} className="button button--primary" />
        </div>
      </dialog>
    ) : null,
  );
  return (
    <BlockSection className="tile-tabs" heading={heading} after={dialogList}>
      {cats.length > 1 ? (
        <TabList
          label={label}
          idBase={idBase}
          selected={selected}
          onSelect={setSelected}
          tabs={cats.map((c) => ({ key: String(c.id), label: c.name }))}
        />
      ) : null}
      <TabPanel idBase={idBase} selectedIndex={selectedIndex} className="tile-tabs__panel">
        {all.some(inSelected) ? null : <p className="tile-tabs__empty">{emptyText}</p>}
        <ul className="tile-tabs__grid">
          {all.map((tile, index) => (
            <li key={index} className="tile" hidden={!inSelected(tile)}>
              {tile.dialog ? (
                <button
                  type="button"
                  className="tile__button"
                  onClick={() => dialogs.current.get(index)?.showModal()}
                  aria-haspopup="dialog"
                >
                  <TileFace tile={tile} />
                </button>
              ) : tile.href ? (
                <SmartLink href={tile.href} className="tile__link">
                  <TileFace tile={tile} />
                  {tile.linkLabel ? <span className="tile__cta">{tile.linkLabel}</span> : null}
                </SmartLink>
              ) : (
                <TileFace tile={tile} />
              )}
            </li>
          ))}
        </ul>
      </TabPanel>
    </BlockSection>
  );
}

function TileFace({ tile }: { tile: Tile }) {
  return (
    <>
      <LazyImage src={tile.image} className="tile__image" width={240} height={120} />
      {tile.title ? <span className="tile__title">{tile.title}</span> : null}
      {tile.subtitle ? <span className="tile__subtitle">{tile.subtitle}</span> : null}
    </>
  );
}

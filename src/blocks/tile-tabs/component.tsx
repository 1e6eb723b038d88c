import { useRef, useState } from 'react';
import type { TileTabsBlockProps } from '../../generated/blocks.ts';
import { Html, listOf, OptionalLink, SectionHeading, SmartLink, type BlockExtras } from '../shared.tsx';
import { TabList, TabPanel, useTabIds } from '../tabs.tsx';

type Tile = TileTabsBlockProps['tiles'][number];

export function TileTabs({
  heading,
  label = 'Categories',
  defaultCategory,
  categories,
  tiles,
  emptyText = 'Nothing in this category yet.',
}: TileTabsBlockProps & BlockExtras) {
  const cats = listOf(categories);
  const all = listOf(tiles);
  const initial = cats.some((c) => String(c.id) === String(defaultCategory)) ? String(defaultCategory) : String(cats[0]?.id ?? '');
  const [selected, setSelected] = useState(initial);
  const [open, setOpen] = useState<Tile | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const idBase = useTabIds();
  const shown = all.filter((tile) => String(tile.category) === selected);
  const selectedIndex = Math.max(
    0,
    cats.findIndex((c) => String(c.id) === selected),
  );

  const openDialog = (tile: Tile) => {
    setOpen(tile);
    dialogRef.current?.showModal();
  };

  return (
    <section className="tile-tabs">
      <div className="container">
        <SectionHeading heading={heading} />
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
          {shown.length === 0 ? (
            <p className="tile-tabs__empty">{emptyText}</p>
          ) : (
            <ul className="tile-tabs__grid">
              {shown.map((tile, index) => (
                <li key={`${selected}-${index}`} className="tile">
                  {tile.dialog ? (
                    <button type="button" className="tile__button" onClick={() => openDialog(tile)} aria-haspopup="dialog">
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
          )}
        </TabPanel>
      </div>
      <dialog ref={dialogRef} className="tile-dialog" aria-labelledby={`${idBase}-dialog-title`} onClose={() => setOpen(null)}>
        {open ? (
          <div className="tile-dialog__body">
            <form method="dialog" className="tile-dialog__close">
              <button type="submit" aria-label="Close">
                <span aria-hidden="true">×</span>
              </button>
            </form>
            {(open.dialog?.image ?? open.image) ? (
              <img src={open.dialog?.image ?? open.image} alt="" width={320} height={160} className="tile-dialog__image" />
            ) : null}
            <h2 id={`${idBase}-dialog-title`}>{open.title}</h2>
            <Html html={open.dialog?.html} />
            <OptionalLink link={open.dialog?.link} className="button button--primary" />
          </div>
        ) : null}
      </dialog>
    </section>
  );
}

function TileFace({ tile }: { tile: Tile }) {
  return (
    <>
      {tile.image ? <img className="tile__image" src={tile.image} alt="" width={240} height={120} loading="lazy" decoding="async" /> : null}
      {tile.title ? <span className="tile__title">{tile.title}</span> : null}
      {tile.subtitle ? <span className="tile__subtitle">{tile.subtitle}</span> : null}
    </>
  );
}

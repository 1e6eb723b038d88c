/**
 * "Add block": a modal listing every block with its description and a live preview of the
 * highlighted one (the catalog's fixture frame, /__catalog/<name>?frame=1).
 */
import { useRef, useState, type FormEvent } from 'react';
import type { BlockInfo } from './types.ts';
import { useModal } from './use-modal.ts';

export interface AddBlockProps {
  blocks: BlockInfo[];
  onAdd: (block: BlockInfo) => void;
}

/** Blocks whose name, title or description contain the filter text (case-insensitive). */
export function filterBlocks(blocks: BlockInfo[], filter: string): BlockInfo[] {
  const wanted = filter.trim().toLowerCase();
  if (!wanted) return blocks;
  return blocks.filter((block) => `${block.name} ${block.title ?? ''} ${block.description}`.toLowerCase().includes(wanted));
}

export function AddBlock({ blocks, onAdd }: AddBlockProps) {
  const { id, dialog, opener, show: showModal, close, returnFocus } = useModal();
  const filterInput = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<string>();
  const shown = filterBlocks(blocks, filter);
  // The highlighted block: the chosen one while the filter keeps it, else the first match.
  const current = shown.find((block) => block.name === chosen) ?? shown[0];

  const show = () => {
    setFilter('');
    setOpen(true);
    showModal();
    filterInput.current?.focus();
  };
  // Also reached by Escape (the native dialog's cancel closes it).
  const onClose = () => {
    setOpen(false);
    returnFocus();
  };
  // Enter in the filter or on an option adds the highlighted block.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!current) return;
    onAdd(current);
    close();
  };

  return (
    <>
      <button type="button" ref={opener} className="editor-outline__button editor-outline-add__open" onClick={show}>
        Add block
      </button>
      <dialog ref={dialog} className="editor-outline-add" aria-labelledby={`${id}-title`} onClose={onClose}>
        <form className="editor-outline-add__form" onSubmit={onSubmit}>
          <h2 id={`${id}-title`} className="editor-outline-add__title">
            Add a block
          </h2>
          <label className="editor-outline-add__filter">
            Filter blocks
            <input ref={filterInput} type="text" value={filter} onChange={(event) => setFilter(event.target.value)} autoComplete="off" />
          </label>
          <div className="editor-outline-add__body">
            <fieldset className="editor-outline-add__list">
              <legend>
                Blocks ({shown.length} of {blocks.length})
              </legend>
              {shown.length === 0 ? <p>No block matches “{filter.trim()}”.</p> : null}
              {shown.map((block, index) => (
                <label key={block.name} className="editor-outline-add__option">
                  <input
                    type="radio"
                    name={`${id}-block`}
                    value={block.name}
                    checked={block === current}
                    onChange={() => setChosen(block.name)}
                    aria-labelledby={`${id}-name-${index}`}
                    aria-describedby={`${id}-description-${index}`}
                  />
                  <span id={`${id}-name-${index}`} className="editor-outline-add__name">
                    {block.name}
                  </span>
                  <span id={`${id}-description-${index}`} className="editor-outline-add__description">
                    {block.description || 'No description.'}
                  </span>
                </label>
              ))}
            </fieldset>
            <div className="editor-outline-add__preview">
              {/* Only while open: a closed dialog loads no frame. */}
              {open && current ? (
                // inert: only to look at; Tab goes from the list straight to "Add". One frame per block
                // (keyed), loaded at once: it is on screen whenever it exists, and a lazy frame whose
                // source changes before it started loading could stay blank.
                <iframe key={current.name} title={`Preview of ${current.name}`} src={`/__catalog/${current.name}?frame=1`} inert />
              ) : null}
            </div>
          </div>
          <div className="editor-outline-add__actions">
            {current ? (
              <button type="submit" className="editor-outline__button editor-outline__button--primary">
                Add {current.name}
              </button>
            ) : null}
            <button type="button" className="editor-outline__button" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

/**
 * "Choose image…" beside a fixed image prop: a dialog of the images the content service returns
 * and the site's own files (GET /__editor/api/images, src/editor/api/images.ts), each shown, named by
 * its path and where it was found, filtered by typing. Choosing one writes its path into the prop,
 * as typing it would (same draft, same undo). Escape or Close leaves the prop as it was.
 */
import { useState } from 'react';
import type { ImageChoice } from './types.ts';
import { useModal } from './use-modal.ts';

type Load = { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready'; images: ImageChoice[] } | { kind: 'failed'; message: string };

// One list for every picker of the page: read when the first one opens.
let shared: Promise<ImageChoice[]> | undefined;
function loadImages(): Promise<ImageChoice[]> {
  shared ??= fetch('/__editor/api/images', { headers: { Accept: 'application/json' } }).then(async (response) => {
    if (!response.ok) throw new Error(`The image list did not load (HTTP ${response.status})`);
    return (await response.json()) as ImageChoice[];
  });
  shared.catch(() => (shared = undefined));
  return shared;
}

export interface ImagePickerProps {
  /** The prop's label ("Image"): names the button and the dialog. */
  label: string;
  value: unknown;
  onChoose: (value: string) => void;
}

export function ImagePicker({ label, value, onChoose }: ImagePickerProps) {
  const { id, dialog, opener, show, close, returnFocus } = useModal();
  const [load, setLoad] = useState<Load>({ kind: 'idle' });
  const [filter, setFilter] = useState('');

  function open() {
    setFilter('');
    show();
    if (load.kind === 'ready') return;
    setLoad({ kind: 'loading' });
    loadImages().then(
      (images) => setLoad({ kind: 'ready', images }),
      (error: unknown) => setLoad({ kind: 'failed', message: (error as Error).message }),
    );
  }

  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const shown =
    load.kind === 'ready'
      ? load.images.filter((image) => words.every((word) => `${image.value} ${image.from}`.toLowerCase().includes(word)))
      : [];
  return (
    <>
      <button type="button" ref={opener} className="editor-props-button" aria-label={`Choose image… for ${label}`} onClick={open}>
        Choose image…
      </button>
      <dialog ref={dialog} className="editor-images" aria-labelledby={`${id}-title`} onClose={returnFocus}>
        <h2 id={`${id}-title`}>Choose an image for {label}</h2>
        <p className="editor-images__filter">
          <label htmlFor={`${id}-filter`}>Filter</label>
          <input id={`${id}-filter`} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
        </p>
        <p role="status" className="editor-images__status">
          {load.kind === 'loading' && 'Reading the images the content service returns…'}
          {load.kind === 'failed' && load.message}
          {load.kind === 'ready' && `${shown.length} of ${load.images.length} images`}
        </p>
        {shown.length > 0 && (
          <ul className="editor-images__list" aria-label="Images">
            {shown.map((image, index) => (
              <li key={image.value} className="editor-images__item">
                {/* Named by its path (the text it shows); where it was found is its description. */}
                <button
                  type="button"
                  className="editor-images__choice"
                  aria-describedby={`${id}-${index}-from`}
                  aria-pressed={image.value === value}
                  onClick={() => {
                    onChoose(image.value);
                    close();
                  }}
                >
                  <img src={image.preview} alt="" loading="lazy" />
                  <span className="editor-images__path">{image.value}</span>
                </button>
                <span id={`${id}-${index}-from`} className="editor-images__from">
                  {image.from}
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className="editor-images__actions">
          <button type="button" className="editor__button" onClick={close}>
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}

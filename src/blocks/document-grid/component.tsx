import { useRef, useState } from 'react';
import type { DocumentGridBlockProps } from '../../generated/blocks.ts';
import { BlockSection, LazyImage, listOf, OptionalLink, type BlockExtras, itemHeading } from '../shared.tsx';
import type { Resolved } from '../defaults.ts';

type Doc = DocumentGridBlockProps['documents'][number];

export function DocumentGrid({ heading, downloadLabel, documents }: Resolved<'document-grid'> & BlockExtras) {
  const ItemTitle = itemHeading(heading);
  const docs = listOf(documents);
  const [open, setOpen] = useState<Doc | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const show = (doc: Doc) => {
    setOpen(doc);
    dialogRef.current?.showModal();
  };
  const dialog = (
    <dialog ref={dialogRef} className="document-dialog" aria-label={open?.title ?? 'Document'} onClose={() => setOpen(null)}>
      {open?.pdf ? (
        <div className="document-dialog__body">
          <div className="document-dialog__bar">
            <a href={open.pdf} download className="text-link">
              Save the PDF
            </a>
            <form method="dialog">
              <button type="submit" className="button button--secondary">
                Close
              </button>
            </form>
          </div>
          <iframe src={open.pdf} title={open.title} className="document-dialog__frame" />
        </div>
      ) : null}
    </dialog>
  );
  return (
    <BlockSection className="document-grid" heading={heading} after={dialog}>
      <ul className="document-grid__list">
        {docs.map((doc, index) => (
          <li key={index} className="document">
            <LazyImage src={doc.image} className="document__image" width={320} height={200} />
            <ItemTitle className="document__title">{doc.title}</ItemTitle>
            <p className="document__actions">
              {doc.pdf ? (
                // A real link (it works before and without the script); once interactive it opens the PDF in the pop-up frame.
                <a
                  href={doc.pdf}
                  className="button button--primary"
                  aria-haspopup="dialog"
                  onClick={(event) => {
                    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                    event.preventDefault();
                    show(doc);
                  }}
                >
                  {downloadLabel}
                  <span className="visually-hidden">: {doc.title}</span>
                </a>
              ) : null}
              <OptionalLink link={doc.link} className="text-link" />
            </p>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}

import { useId, useRef } from 'react';

/**
 * A modal dialog opened by a button (Add block, Publish, Choose image): an id prefix for its
 * labels, the refs of the dialog and of its button, and focus back on the button whenever the
 * dialog closes (by its buttons or by Escape: pass `returnFocus` to the dialog's onClose).
 */
export function useModal() {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  return {
    id,
    dialog,
    opener,
    show: () => dialog.current?.showModal(),
    close: () => dialog.current?.close(),
    returnFocus: () => opener.current?.focus(),
  };
}

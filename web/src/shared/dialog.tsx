// A modal dialog on the native <dialog>: focus moves in and back, Escape closes it, the page behind
// is inert. Open it by rendering it with `open`; `onClose` runs on Escape and «Закрыть».
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { useId } from './ui';

export function Dialog({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ComponentChildren }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId('dialog-title');
  // The native `close` event also follows a close the page asked for, and arrives a task later, when
  // the page may have opened the dialog again for something else: only a close the page did not ask
  // for (Escape) is reported.
  const ownCloses = useRef(0);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      ownCloses.current++;
      dialog.close();
    }
  }, [open]);
  const closed = () => {
    if (ownCloses.current > 0) ownCloses.current--;
    else onClose();
  };
  return (
    <dialog ref={ref} class="dialog" aria-labelledby={titleId} onClose={closed}>
      <div class="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" class="link-button" onClick={onClose}>
          Закрыть
        </button>
      </div>
      {open ? children : null}
    </dialog>
  );
}

// A modal dialog on the native <dialog>: focus moves in and back, Escape closes it, the page behind
// is inert. Open it by rendering it with `open`; `onClose` runs on Escape and «Закрыть».
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { useId } from './ui';

export function Dialog({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ComponentChildren }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId('dialog-title');
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} class="dialog" aria-labelledby={titleId} onClose={onClose}>
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

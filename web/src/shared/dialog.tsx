// A modal dialog on the native <dialog>: focus moves in and back, Escape closes it, the page behind
// is inert. Open it by rendering it with `open`; `onClose` runs on Escape and «Закрыть».
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { messageOf } from './errors';
import { ErrorLine, useId } from './ui';

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

/**
 * The body of a removal dialog: the question naming what goes, and «Удалить». A refusal (e.g. the
 * thing is still in use) is shown here, in the dialog, and the dialog stays open.
 */
export function RemoveConfirm({ question, run, onDone }: { question: string; run: () => Promise<unknown>; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <div class="remove-row">
      <p>{question}</p>
      {error ? <ErrorLine message={error} /> : null}
      <button
        type="button"
        class="primary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(undefined);
          run().then(onDone, (failure: unknown) => {
            setError(messageOf(failure));
            setBusy(false);
          });
        }}
      >
        {busy ? 'Удаление…' : 'Удалить'}
      </button>
    </div>
  );
}

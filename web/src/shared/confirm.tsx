// Asking once before a change with consequences, in an in-page dialog (never the browser's
// `confirm()`): the question says what will happen, «Отмена», Escape and «Закрыть» answer no, and the
// native <dialog> gives focus back to the control that asked. Used as `confirm` of a `useApiForm`.
import type { JSX } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { Dialog } from './dialog';

export interface Question {
  title: string;
  /** The consequences, one paragraph each. */
  lines: string[];
  /** The button that goes ahead, naming the action («Сменить роль»). */
  confirmText: string;
}

export function useConfirm(): { ask: (question: Question) => Promise<boolean>; dialog: JSX.Element } {
  const [question, setQuestion] = useState<Question>();
  const answer = useRef<(yes: boolean) => void>();
  const settle = (yes: boolean) => {
    answer.current?.(yes);
    answer.current = undefined;
    setQuestion(undefined);
  };
  const ask = (next: Question) =>
    new Promise<boolean>((resolve) => {
      answer.current?.(false);
      answer.current = resolve;
      setQuestion(next);
    });
  const dialog = (
    <Dialog title={question?.title ?? ''} open={question !== undefined} onClose={() => settle(false)}>
      {question ? (
        <div class="confirm-body">
          {question.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <div class="row-actions">
            <button type="button" class="primary" onClick={() => settle(true)}>
              {question.confirmText}
            </button>
            <button type="button" onClick={() => settle(false)}>
              Отмена
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
  return { ask, dialog };
}

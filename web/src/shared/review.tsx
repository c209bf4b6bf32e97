// Approving or rejecting a teacher's record (an absence, a preference): approve at once, or reject
// with the comment the API requires. The API's refusal is shown next to the comment, which is kept.
import { useState } from 'preact/hooks';
import { useConfirm, type Question } from './confirm';
import { ApiFormFrame, Field, useApiForm } from './form';

export function ReviewControls({
  what,
  review,
  approveText = 'Утвердить',
  approveQuestion,
}: {
  what: string;
  review: (approved: boolean, comment: string | null) => Promise<void>;
  approveText?: string;
  /** Asked once before approving what cannot be taken back (e.g. a change applied to the timetable). */
  approveQuestion?: Question;
}) {
  const [rejecting, setRejecting] = useState(false);
  const confirmation = useConfirm();
  const approve = useApiForm({ initial: {}, send: async () => review(true, null), confirm: () => !approveQuestion || confirmation.ask(approveQuestion) });
  const reject = useApiForm({
    initial: { comment: '' },
    send: async (values) => review(false, values.comment || null),
    otherwise: 'comment',
  });
  if (rejecting) {
    return (
      <ApiFormFrame form={reject} label={`Отклонить: ${what}`} submitText="Отклонить">
        <Field label="Причина отклонения" error={reject.errorAt('comment')} control={(props) => <input {...props} value={reject.values.comment} onInput={(event) => reject.set('comment', event.currentTarget.value)} />} />
      </ApiFormFrame>
    );
  }
  return (
    <div class="inline-form">
      {confirmation.dialog}
      <button type="button" class="primary" disabled={approve.busy} onClick={() => void approve.submit()} aria-label={`${approveText}: ${what}`}>
        {approveText}
      </button>
      <button type="button" onClick={() => setRejecting(true)} aria-label={`Отклонить: ${what}`}>
        Отклонить…
      </button>
      {approve.formError ? <p class="error" role="alert">{approve.formError}</p> : null}
    </div>
  );
}

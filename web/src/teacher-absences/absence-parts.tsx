// The pieces the teacher's own absence screen and the office's registry share: status names, the
// period-and-reason fields with the rule that puts a refusal at its field, and the «Отменить» button
// (spec 4.13: a waiting absence, or an approved one nobody has started to resolve).
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatShortDate } from '../shared/dates';
import { messageOf } from '../shared/errors';
import { Field, type ApiForm } from '../shared/form';
import { ErrorLine } from '../shared/ui';

type Absence = Schemas['AbsenceResponse'];

export const ABSENCE_STATUS_NAMES: Record<Absence['status'], string> = {
  PENDING: 'Ожидает решения',
  APPROVED: 'Подтверждено',
  REJECTED: 'Отклонено',
  RESOLVED: 'Занятия перераспределены',
  CANCELLED: 'Отменено',
};

export type PeriodValues = { startDate: string; endDate: string; reason: string };

export function PeriodFields<T extends PeriodValues>({ form }: { form: ApiForm<T> }) {
  return (
    <>
      <Field label="Первый день" error={form.errorAt('startDate')} control={(props) => <input {...props} type="date" value={form.values.startDate} onInput={(event) => form.set('startDate', event.currentTarget.value)} />} />
      <Field
        label="Последний день"
        error={form.errorAt('endDate')}
        hint="Включительно, не больше 120 дней"
        control={(props) => <input {...props} type="date" value={form.values.endDate} onInput={(event) => form.set('endDate', event.currentTarget.value)} />}
      />
      <Field label="Причина" error={form.errorAt('reason')} control={(props) => <textarea {...props} rows={2} maxLength={1000} value={form.values.reason} onInput={(event) => form.set('reason', event.currentTarget.value)} />} />
    </>
  );
}

/** What the API lets anyone with the record cancel: waiting, or approved with no decision logged yet. */
export const cancellable = (absence: Absence) => absence.status === 'PENDING' || (absence.status === 'APPROVED' && absence.decisionCount === 0);

/** «Отменить» for one absence; the API's refusal stands under the button. */
export function CancelAbsence({ absence, who, cancelled }: { absence: Absence; who?: string; cancelled: () => void }) {
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function cancel() {
    setRefusal(undefined);
    setBusy(true);
    try {
      await data(api.DELETE('/api/teacher-absences/{id}', { params: { path: { id: absence.id } } }));
      cancelled();
    } catch (error) {
      setRefusal(messageOf(error));
    } finally {
      setBusy(false);
    }
  }
  const period = `${formatShortDate(absence.startDate)}–${formatShortDate(absence.endDate)}`;
  return (
    <>
      <button type="button" disabled={busy} onClick={() => void cancel()} aria-label={`Отменить отсутствие ${who ? `${who} ` : ''}${period}`}>
        Отменить
      </button>
      {refusal ? <ErrorLine message={refusal} /> : null}
    </>
  );
}

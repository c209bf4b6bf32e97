// /teacher/#absences: the teacher reports a period they cannot teach (spec 4.13: it waits for the
// office's review as PENDING), sees what became of each report and cancels one still waiting or not
// yet processed.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatShortDate, plusDays, todayInMoscow } from '../shared/dates';
import { messageOf } from '../shared/errors';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { DataTable } from '../shared/table';
import { ErrorLine, useLoad } from '../shared/ui';

type Absence = Schemas['AbsenceResponse'];

export const ABSENCE_STATUS_NAMES: Record<Absence['status'], string> = {
  PENDING: 'Ожидает решения',
  APPROVED: 'Подтверждено',
  REJECTED: 'Отклонено',
  RESOLVED: 'Занятия перераспределены',
  CANCELLED: 'Отменено',
};

export default function MyAbsences() {
  const rows = useLoad(() => data(api.GET('/api/teacher-absences')), []);
  const [refusal, setRefusal] = useState<{ id: number; message: string }>();
  const today = todayInMoscow();
  const form = useApiForm({
    initial: { startDate: today, endDate: plusDays(today, 2), reason: '' },
    send: async (values) => {
      const created = await data(api.POST('/api/teacher-absences', { body: values }));
      rows.reload();
      return `Отсутствие ${formatShortDate(created.startDate)}–${formatShortDate(created.endDate)} сообщено: ${ABSENCE_STATUS_NAMES[created.status].toLowerCase()}`;
    },
    fieldOf: (message) => (/пересека/i.test(message) ? 'startDate' : /120|окончан/i.test(message) ? 'endDate' : undefined),
    resetOnSuccess: true,
  });

  async function cancel(absence: Absence) {
    setRefusal(undefined);
    try {
      await data(api.DELETE('/api/teacher-absences/{id}', { params: { path: { id: absence.id } } }));
      rows.reload();
    } catch (error) {
      setRefusal({ id: absence.id, message: messageOf(error) });
    }
  }

  return (
    <>
      <h1 id="page-title">Отсутствия</h1>
      <h2>Сообщить об отсутствии</h2>
      <ApiFormFrame form={form} label="Сообщить об отсутствии" submitText="Сообщить">
        <Field label="Первый день" error={form.errorAt('startDate')} control={(props) => <input {...props} type="date" value={form.values.startDate} onInput={(event) => form.set('startDate', event.currentTarget.value)} />} />
        <Field
          label="Последний день"
          error={form.errorAt('endDate')}
          hint="Включительно, не больше 120 дней"
          control={(props) => <input {...props} type="date" value={form.values.endDate} onInput={(event) => form.set('endDate', event.currentTarget.value)} />}
        />
        <Field label="Причина" error={form.errorAt('reason')} control={(props) => <textarea {...props} rows={2} maxLength={1000} value={form.values.reason} onInput={(event) => form.set('reason', event.currentTarget.value)} />} />
      </ApiFormFrame>
      <h2>Мои отсутствия</h2>
      <DataTable<Absence>
        caption="Мои отсутствия"
        rows={rows}
        rowKey={(absence) => absence.id}
        empty="Вы ещё не сообщали об отсутствиях."
        columns={[
          { title: 'Период', cell: (absence) => `${formatShortDate(absence.startDate)} – ${formatShortDate(absence.endDate)} (${absence.dayCount} дн.)`, compare: (a, b) => a.startDate.localeCompare(b.startDate) },
          { title: 'Причина', cell: (absence) => absence.reason },
          {
            title: 'Статус',
            cell: (absence) => (
              <>
                <strong>{ABSENCE_STATUS_NAMES[absence.status]}</strong>
                {absence.reviewComment ? <p class="hint">{`Комментарий: ${absence.reviewComment}`}</p> : null}
              </>
            ),
            compare: (a, b) => a.status.localeCompare(b.status),
          },
          {
            title: 'Действия',
            cell: (absence) =>
              absence.status === 'PENDING' || absence.status === 'APPROVED' ? (
                <>
                  <button type="button" onClick={() => void cancel(absence)} aria-label={`Отменить отсутствие ${formatShortDate(absence.startDate)}–${formatShortDate(absence.endDate)}`}>
                    Отменить
                  </button>
                  {refusal?.id === absence.id ? <ErrorLine message={refusal.message} /> : null}
                </>
              ) : null,
          },
        ]}
      />
    </>
  );
}

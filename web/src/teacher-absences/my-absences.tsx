// /teacher/#absences: the teacher reports a period they cannot teach (spec 4.13: it waits for the
// office's review as PENDING), sees what became of each report and cancels one still waiting or not
// yet processed.
import { api, data, type Schemas } from '../api/client';
import { formatShortDate, plusDays, todayAtUniversity } from '../shared/dates';
import { ApiFormFrame, useApiForm } from '../shared/form';
import { DataTable } from '../shared/table';
import { useLoad } from '../shared/ui';
import { ABSENCE_STATUS_NAMES, CancelAbsence, PeriodFields } from './absence-parts';

type Absence = Schemas['AbsenceResponse'];

export default function MyAbsences() {
  const rows = useLoad(() => data(api.GET('/api/teacher-absences')), []);
  const today = todayAtUniversity();
  const form = useApiForm({
    initial: { startDate: today, endDate: plusDays(today, 2), reason: '' },
    send: async (values) => {
      const created = await data(api.POST('/api/teacher-absences', { body: values }));
      rows.reload();
      return `Отсутствие ${formatShortDate(created.startDate)}–${formatShortDate(created.endDate)} сообщено: ${ABSENCE_STATUS_NAMES[created.status].toLowerCase()}`;
    },
    resetOnSuccess: true,
  });

  return (
    <>
      <h1 id="page-title">Отсутствия</h1>
      <h2>Сообщить об отсутствии</h2>
      <ApiFormFrame form={form} label="Сообщить об отсутствии" submitText="Сообщить">
        <PeriodFields form={form} />
      </ApiFormFrame>
      <h2>Мои отсутствия</h2>
      <DataTable<Absence>
        caption="Мои отсутствия"
        stacked
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
                <CancelAbsence absence={absence} cancelled={rows.reload} />
              ) : null,
          },
        ]}
      />
    </>
  );
}

// /admin/#absences: the absences the role may see (spec 4.13: a department those of its teachers by
// assignment history over the period), filtered by status; a pending one is approved or rejected. The
// office then opens the replacement wizard of an approved one.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatShortDate } from '../shared/dates';
import { Field } from '../shared/form';
import { ReviewControls } from '../shared/review';
import { DataTable } from '../shared/table';
import { useLoad } from '../shared/ui';
import { useMe } from '../shared/shell';
import { ABSENCE_STATUS_NAMES } from './my-absences';
import { AbsenceWizard } from './wizard';

type Absence = Schemas['AbsenceResponse'];
type Status = Absence['status'];

export default function AbsencesReview() {
  const [status, setStatus] = useState<Status | ''>('PENDING');
  const rows = useLoad(() => data(api.GET('/api/teacher-absences', { params: { query: status ? { status } : {} } })), [status]);
  const me = useMe();
  const office = me.role === 'ADMIN' || me.role === 'EDUCATION_OFFICE';
  const [wizardOf, setWizardOf] = useState<Absence>();
  return (
    <>
      <h1 id="page-title">Отсутствия преподавателей</h1>
      <Field
        label="Статус"
        control={(props) => (
          <select {...props} value={status} onChange={(event) => setStatus(event.currentTarget.value as Status | '')}>
            <option value="">Все</option>
            {(Object.keys(ABSENCE_STATUS_NAMES) as Status[]).map((code) => (
              <option key={code} value={code}>{ABSENCE_STATUS_NAMES[code]}</option>
            ))}
          </select>
        )}
      />
      <DataTable<Absence>
        caption="Отсутствия"
        rows={rows}
        rowKey={(absence) => absence.id}
        filterText={(absence) => `${absence.teacherName} ${absence.reason}`}
        empty="Отсутствий с таким статусом нет."
        columns={[
          { title: 'Преподаватель', cell: (absence) => absence.teacherName, compare: (a, b) => a.teacherName.localeCompare(b.teacherName, 'ru') },
          { title: 'Период', cell: (absence) => `${formatShortDate(absence.startDate)} – ${formatShortDate(absence.endDate)}`, compare: (a, b) => a.startDate.localeCompare(b.startDate) },
          { title: 'Причина', cell: (absence) => absence.reason },
          { title: 'Статус', cell: (absence) => `${ABSENCE_STATUS_NAMES[absence.status]}${absence.reviewComment ? ` (${absence.reviewComment})` : ''}` },
          {
            title: 'Решение',
            cell: (absence) =>
              absence.status === 'PENDING' ? (
                <ReviewControls
                  what={`отсутствие ${absence.teacherName} ${formatShortDate(absence.startDate)}–${formatShortDate(absence.endDate)}`}
                  review={async (approved, comment) => {
                    await data(api.POST('/api/teacher-absences/{id}/review', { params: { path: { id: absence.id } }, body: { approved, comment } }));
                    rows.reload();
                  }}
                />
              ) : office && absence.status === 'APPROVED' ? (
                <button type="button" onClick={() => setWizardOf(absence)} aria-label={`Распределить занятия: ${absence.teacherName} ${formatShortDate(absence.startDate)}–${formatShortDate(absence.endDate)}`}>
                  Распределить занятия
                </button>
              ) : null,
          },
        ]}
      />
      {wizardOf ? <AbsenceWizard key={wizardOf.id} absence={wizardOf} onResolved={rows.reload} /> : null}
    </>
  );
}

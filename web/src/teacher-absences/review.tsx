// /admin/#absences: the absences the role may see (spec 4.13: a department those of its teachers by
// assignment history over the period), filtered by status; a pending one is approved or rejected. The
// office then opens the replacement wizard of an approved one. The office and the department also
// register a teacher's absence themselves (approved at once, spec part 3) and cancel one the API still
// lets go.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatShortDate, plusDays, todayAtUniversity } from '../shared/dates';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { findTeachers } from '../shared/options';
import { Picker, type Choice } from '../shared/picker';
import { useDecidedRows } from '../shared/decided-rows';
import { ReviewControls } from '../shared/review';
import { DataTable } from '../shared/table';
import { ErrorLine, useLoad } from '../shared/ui';
import { useMe } from '../shared/session';
import { ABSENCE_STATUS_NAMES, CancelAbsence, cancellable, PeriodFields } from './absence-parts';
import { AbsenceWizard } from './wizard';

type Absence = Schemas['AbsenceResponse'];
type Status = Absence['status'];

export default function AbsencesReview() {
  const [status, setStatus] = useState<Status | ''>('PENDING');
  const rows = useLoad(() => data(api.GET('/api/teacher-absences', { params: { query: status ? { status } : {} } })), [status]);
  const decisions = useDecidedRows(rows);
  const me = useMe();
  const office = me.role === 'ADMIN' || me.role === 'EDUCATION_OFFICE';
  const [wizardOf, setWizardOf] = useState<Absence>();
  return (
    <>
      <h1 id="page-title">Отсутствия преподавателей</h1>
      <h2>Зарегистрировать отсутствие</h2>
      <RegisterAbsence departmentId={me.role === 'DEPARTMENT' ? (me.departmentId ?? undefined) : undefined} registered={() => (status ? setStatus('') : rows.reload())} />
      <h2>Реестр</h2>
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
      {decisions.notice ? <p class="notice notice-info" role="status">{decisions.notice}</p> : null}
      <DataTable<Absence>
        caption="Отсутствия"
        stacked
        rows={decisions.rows}
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
                <>
                  <ReviewControls
                    what={`отсутствие ${absence.teacherName} ${formatShortDate(absence.startDate)}–${formatShortDate(absence.endDate)}`}
                    review={async (approved, comment) => {
                      const reviewed = await data(api.POST('/api/teacher-absences/{id}/review', { params: { path: { id: absence.id } }, body: { approved, comment } }));
                      const period = `${absence.teacherName}, ${formatShortDate(absence.startDate)} – ${formatShortDate(absence.endDate)}`;
                      decisions.decided(reviewed, `${approved ? 'Отсутствие утверждено' : 'Отсутствие отклонено'}: ${period}`);
                    }}
                  />
                  <CancelAbsence absence={absence} who={absence.teacherName} cancelled={rows.reload} />
                </>
              ) : absence.status === 'APPROVED' ? (
                <div class="inline-form">
                  {office ? (
                    <button type="button" onClick={() => setWizardOf(absence)} aria-label={`Распределить занятия: ${absence.teacherName} ${formatShortDate(absence.startDate)}–${formatShortDate(absence.endDate)}`}>
                      Распределить занятия
                    </button>
                  ) : null}
                  {cancellable(absence) ? <CancelAbsence absence={absence} who={absence.teacherName} cancelled={rows.reload} /> : null}
                </div>
              ) : null,
          },
        ]}
      />
      {wizardOf ? <AbsenceWizard key={wizardOf.id} absence={wizardOf} onResolved={rows.reload} /> : null}
    </>
  );
}

/**
 * The office's or department's own record of a teacher's absence: the teacher (a department finds only
 * its own), the period and the reason. The API approves it at once; a refusal stands at its field.
 */
function RegisterAbsence({ departmentId, registered }: { departmentId?: number; registered: () => void }) {
  const today = todayAtUniversity();
  const form = useApiForm<{ teacher?: Choice; startDate: string; endDate: string; reason: string }>({
    initial: { teacher: undefined, startDate: today, endDate: plusDays(today, 2), reason: '' },
    send: async ({ teacher, ...period }) => {
      const created = await data(api.POST('/api/teacher-absences', { body: { teacherId: teacher?.id ?? null, ...period } }));
      registered();
      return `Отсутствие ${created.teacherName} ${formatShortDate(created.startDate)}–${formatShortDate(created.endDate)} зарегистрировано: ${ABSENCE_STATUS_NAMES[created.status].toLowerCase()}`;
    },
    fields: { teacherId: 'teacher' },
  });
  const teacherError = form.errorAt('teacher');
  return (
    <ApiFormFrame form={form} label="Зарегистрировать отсутствие" submitText="Зарегистрировать">
      <div class={`field${teacherError ? ' field-invalid' : ''}`}>
        <Picker label="Преподаватель" placeholder="ФИО, логин или должность" search={(text) => findTeachers(text, departmentId)} listOnOpen={departmentId !== undefined} chosen={form.values.teacher} onPick={(item) => form.set('teacher', item)} />
        {teacherError ? <ErrorLine message={teacherError} /> : null}
      </div>
      <PeriodFields form={form} />
    </ApiFormFrame>
  );
}

// /admin/#absences: the absences the role may see (spec 4.13: a department those of its teachers by
// assignment history over the period), filtered by status; a pending one is approved or rejected. The
// office then opens the replacement wizard of an approved one (offered at once after approving). The office and the department also
// register a teacher's absence themselves (approved at once, spec part 3) and cancel one the API still
// lets go.
import { useEffect, useRef, useState } from 'preact/hooks';
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
import { announceQueueChanged } from '../shared/waiting';
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
  // Just approved by the office: its lessons are distributed next, offered at once (issue 55).
  const [approved, setApproved] = useState<Absence>();
  const distribute = (absence: Absence) => {
    setApproved(undefined);
    setWizardOf(absence);
  };
  return (
    <>
      <h1 id="page-title">Отсутствия преподавателей</h1>
      {approved ? <ApprovedNext absence={approved} onDistribute={() => distribute(approved)} /> : null}
      {wizardOf ? <AbsenceWizard key={wizardOf.id} absence={wizardOf} onResolved={rows.reload} onClose={() => setWizardOf(undefined)} /> : null}
      <h2>Зарегистрировать отсутствие</h2>
      <RegisterAbsence departmentId={me.role === 'DEPARTMENT' ? (me.departmentId ?? undefined) : undefined} registered={(created) => {
          if (status) setStatus('');
          else rows.reload();
          // Registered by the office: approved at once, so its lessons are distributed next.
          if (office && created.status === 'APPROVED') setApproved(created);
          announceQueueChanged();
        }}
      />
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
                      // Approved by the office: its lessons are distributed next, offered at once.
                      if (office && reviewed.status === 'APPROVED') setApproved(reviewed);
                      announceQueueChanged();
                    }}
                  />
                  <CancelAbsence absence={absence} who={absence.teacherName} cancelled={rows.reload} />
                </>
              ) : absence.status === 'APPROVED' ? (
                <div class="inline-form">
                  {office ? (
                    <button type="button" onClick={() => distribute(absence)} aria-label={`Распределить занятия: ${absence.teacherName} ${formatShortDate(absence.startDate)}–${formatShortDate(absence.endDate)}`}>
                      Распределить занятия
                    </button>
                  ) : null}
                  {cancellable(absence) ? <CancelAbsence absence={absence} who={absence.teacherName} cancelled={rows.reload} /> : null}
                </div>
              ) : null,
          },
        ]}
      />
    </>
  );
}

/** What the office does after approving an absence: distribute its lessons, from here. */
function ApprovedNext({ absence, onDistribute }: { absence: Absence; onDistribute: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  // Focus moves from the approve button (now gone with its row's state) to what comes next.
  useEffect(() => button.current?.focus(), [absence.id]);
  const who = `${absence.teacherName} ${formatShortDate(absence.startDate)}–${formatShortDate(absence.endDate)}`;
  return (
    <div class="notice notice-info next-step" role="status" id="absence-approved">
      <p>{`Отсутствие ${who} утверждено. Теперь распределите его занятия: замена, перенос или отмена.`}</p>
      <button ref={button} type="button" class="primary" onClick={onDistribute} aria-label={`Распределить занятия: ${who}`}>
        Распределить занятия
      </button>
    </div>
  );
}

/**
 * The office's or department's own record of a teacher's absence: the teacher (a department finds only
 * its own), the period and the reason. The API approves it at once; a refusal stands at its field.
 */
function RegisterAbsence({ departmentId, registered }: { departmentId?: number; registered: (created: Absence) => void }) {
  const today = todayAtUniversity();
  const form = useApiForm<{ teacher?: Choice; startDate: string; endDate: string; reason: string }>({
    initial: { teacher: undefined, startDate: today, endDate: plusDays(today, 2), reason: '' },
    send: async ({ teacher, ...period }) => {
      const created = await data(api.POST('/api/teacher-absences', { body: { teacherId: teacher?.id ?? null, ...period } }));
      registered(created);
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

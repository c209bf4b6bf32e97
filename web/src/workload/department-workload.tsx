// /admin/#department-workload: the department's workload (spec 4.16; the department comes from the
// token). It opens on the current semester: per teacher the hours planned over the whole semester as the
// timetable stands beside the hours already given (lessons dated before today), with what is left; then
// the bars of planned hours, the classrooms and pairs it uses, its own row of the departments report and
// the free rooms of a date (the pieces it shares with the office's screen are in reports.tsx; the API
// pins the department). «С» and «По» narrow the period within or beyond the semester.
import { useEffect, useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatDayMonth, formatTime, plusDays, todayAtUniversity } from '../shared/dates';
import { Field } from '../shared/form';
import { DataTable } from '../shared/table';
import { ErrorLine, Status, useLoad } from '../shared/ui';
import { semesterLabel } from '../shared/version-choice';
import { ClassroomsTable, DepartmentsReport, FreeRooms, PeriodFields, TeacherHoursChart, type Period } from './reports';
import { planBeside, type PlannedAndGiven } from './planned-given';

type TimeSlotRow = Schemas['TimeSlotWorkloadRow'];
type Semester = Schemas['SemesterListItem'];

/** The semester today falls in, else the latest that has begun, else the first listed. */
function currentSemester(semesters: Semester[], today: string): Semester | undefined {
  return semesters.find((item) => item.startDate <= today && today <= item.endDate) ?? semesters.find((item) => item.startDate <= today) ?? semesters[0];
}

export default function DepartmentWorkload() {
  const today = todayAtUniversity();
  const semesters = useLoad(() => data(api.GET('/api/schedule/semesters')), []);
  const [semesterId, setSemesterId] = useState<number>();
  const [period, setPeriod] = useState<Period>();
  useEffect(() => {
    if (semesters.state !== 'done' || semesterId !== undefined) return;
    const semester = currentSemester(semesters.data, today);
    if (!semester) return;
    setSemesterId(semester.id);
    setPeriod({ startDate: semester.startDate, endDate: semester.endDate });
  }, [semesters.state]);

  const title = <h1 id="page-title">Нагрузка кафедры</h1>;
  if (semesters.state === 'loading') return (<>{title}<Status>Загрузка…</Status></>);
  if (semesters.state === 'error') return (<>{title}<ErrorLine message={semesters.message} /></>);
  if (semesters.data.length === 0 || !period) return (<>{title}<p class="empty">Семестров пока нет: нагрузка считается по занятиям семестра.</p></>);
  return (
    <>
      {title}
      <div class="inline-form">
        <Field
          label="Семестр"
          control={(props) => (
            <select
              {...props}
              value={String(semesterId ?? '')}
              onChange={(event) => {
                const chosen = semesters.data.find((item) => item.id === Number(event.currentTarget.value));
                if (!chosen) return;
                setSemesterId(chosen.id);
                setPeriod({ startDate: chosen.startDate, endDate: chosen.endDate });
              }}
            >
              {semesters.data.map((semester) => (
                <option key={semester.id} value={String(semester.id)}>{semesterLabel(semester)}</option>
              ))}
            </select>
          )}
        />
        <PeriodFields period={period} onChange={setPeriod} />
      </div>
      <Reports period={period} today={today} />
    </>
  );
}

function Reports({ period, today }: { period: Period; today: string }) {
  const query = { params: { query: period } };
  const keys = [period.startDate, period.endDate];
  // Given hours: the same report up to yesterday (a lesson of today is not yet given); none when the period starts later.
  const givenUntil = [period.endDate, plusDays(today, -1)].sort()[0];
  const planned = useLoad(() => data(api.GET('/api/workload/teachers', query)), keys);
  const given = useLoad(
    () => (givenUntil < period.startDate ? Promise.resolve([]) : data(api.GET('/api/workload/teachers', { params: { query: { startDate: period.startDate, endDate: givenUntil } } }))),
    [period.startDate, givenUntil],
  );
  const classrooms = useLoad(() => data(api.GET('/api/workload/classrooms', query)), keys);
  const slots = useLoad(() => data(api.GET('/api/workload/time-slots', query)), keys);
  const ownDepartment = useLoad(() => data(api.GET('/api/workload/departments', query)), keys);
  const both = planned.state === 'done' && given.state === 'done' ? ({ state: 'done', data: planBeside(planned.data, given.data) } as const) : planned.state === 'error' ? planned : given.state === 'error' ? given : ({ state: 'loading' } as const);

  return (
    <>
      <h2>Кафедра в целом</h2>
      <DepartmentsReport rows={ownDepartment} suffix={`${period.startDate}_${period.endDate}`} />
      <h2>Преподаватели: план и проведено</h2>
      <p class="hint">
        {`Запланировано — занятия за весь период по расписанию, как оно есть сейчас (${formatDayMonth(period.startDate)} – ${formatDayMonth(period.endDate)}); ` +
          (givenUntil < period.startDate ? 'проведённых пока нет: период ещё не начался.' : `проведено — занятия по ${formatDayMonth(givenUntil)} включительно.`)}
      </p>
      <DataTable<PlannedAndGiven>
        caption="Академические часы преподавателей: план, проведено, осталось"
        stacked
        rows={both}
        rowKey={(row) => `${row.id}:${row.departmentId ?? ''}`}
        filterText={(row) => row.name}
        empty="У кафедры нет преподавателей с занятиями за период."
        columns={[
          { title: 'Преподаватель', cell: (row) => row.name, compare: (a, b) => a.name.localeCompare(b.name, 'ru'), rowHeader: true },
          { title: 'Запланировано, ч', cell: (row) => row.plannedHours, compare: (a, b) => a.plannedHours - b.plannedHours },
          { title: 'Проведено, ч', cell: (row) => row.givenHours, compare: (a, b) => a.givenHours - b.givenHours },
          { title: 'Осталось, ч', cell: (row) => row.remainingHours, compare: (a, b) => a.remainingHours - b.remainingHours },
          { title: 'Занятий по плану', cell: (row) => row.plannedLessons, compare: (a, b) => a.plannedLessons - b.plannedLessons },
        ]}
      />
      {planned.state === 'done' ? <TeacherHoursChart rows={planned.data} /> : null}
      <h2>Аудитории</h2>
      <ClassroomsTable rows={classrooms} />
      <h2>Пары</h2>
      <DataTable<TimeSlotRow>
        caption="Занятия по парам"
        stacked
        rows={slots}
        rowKey={(row) => row.timeSlotId}
        empty="За период занятий нет."
        columns={[
          { title: 'Пара', cell: (row) => `${row.orderNumber}-я, ${formatTime(row.startTime)}–${formatTime(row.endTime)}`, compare: (a, b) => a.orderNumber - b.orderNumber },
          { title: 'Занятий', cell: (row) => row.lessonCount, compare: (a, b) => a.lessonCount - b.lessonCount },
          { title: 'Академических часов', cell: (row) => row.academicHours, compare: (a, b) => a.academicHours - b.academicHours },
          { title: 'По дням (пн–вс)', cell: (row) => row.days.map((day) => day.lessonCount).join(' · ') },
        ]}
      />
      <h2>Свободные аудитории</h2>
      <FreeRooms />
    </>
  );
}

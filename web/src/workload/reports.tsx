// The pieces of the workload reports (spec 4.16) that the office's screen (`workload.tsx`) and the
// department's (`department-workload.tsx`) both show: the period, the teachers' hours as bars and as
// a table, the classrooms, the departments report and the free rooms of a date. The API pins a
// department's own rows; the screens choose what else they add.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { BarChart } from '../shared/bar-chart';
import { CsvLink } from '../shared/csv';
import { formatTime, plusDays, todayAtUniversity } from '../shared/dates';
import { Field } from '../shared/form';
import { DataTable, type Column } from '../shared/table';
import { ErrorLine, Status, useLoad, type Loaded } from '../shared/ui';

type TeacherRow = Schemas['TeacherWorkloadRow'];
type ClassroomRow = Schemas['ClassroomWorkloadRow'];
type DepartmentRow = Schemas['DepartmentWorkloadRow'];
type FreeAtPair = Schemas['FreeClassroomsAtPair'];

export const rowsOf = <T,>(loaded: { state: string; data?: T[] }): T[] => (loaded.state === 'done' && loaded.data ? loaded.data : []);

export interface Period {
  startDate: string;
  endDate: string;
}

/** The period a report covers: the last 30 days up to today at first. */
export function usePeriod() {
  const today = todayAtUniversity();
  return useState<Period>({ startDate: plusDays(today, -30), endDate: today });
}

/** «С» and «По» of the period (inside the screen's own `inline-form`, beside what else it filters by). */
export function PeriodFields({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  return (
    <>
      <Field label="С" control={(props) => <input {...props} type="date" value={period.startDate} onChange={(event) => onChange({ ...period, startDate: event.currentTarget.value })} />} />
      <Field label="По" control={(props) => <input {...props} type="date" value={period.endDate} onChange={(event) => onChange({ ...period, endDate: event.currentTarget.value })} />} />
    </>
  );
}

/** Academic hours per teacher as bars, the busiest first. */
export function TeacherHoursChart({ rows }: { rows: TeacherRow[] }) {
  return <BarChart caption="Академические часы по преподавателям" unit="ч" bars={[...rows].sort((a, b) => b.academicHours - a.academicHours).map((row) => ({ label: row.name, value: row.academicHours }))} />;
}

const TEACHER_COLUMNS = {
  name: { title: 'Преподаватель', cell: (row) => row.name, compare: (a, b) => a.name.localeCompare(b.name, 'ru') },
  department: { title: 'Кафедра', cell: (row) => row.departmentName ?? '', compare: (a, b) => (a.departmentName ?? '').localeCompare(b.departmentName ?? '', 'ru') },
  lessons: { title: 'Занятий', cell: (row) => row.lessonCount, compare: (a, b) => a.lessonCount - b.lessonCount },
  hours: { title: 'Академических часов', cell: (row) => row.academicHours, compare: (a, b) => a.academicHours - b.academicHours },
  occupiedPairs: { title: 'Занятых пар', cell: (row) => row.occupiedSlotCount, compare: (a, b) => a.occupiedSlotCount - b.occupiedSlotCount },
} satisfies Record<string, Column<TeacherRow>>;

/**
 * The teachers' report as a sortable table with the columns the screen names (a teacher of two
 * departments has a row in each); `searchable` adds a search by name and department.
 */
export function TeachersTable({ rows, shown, searchable = false }: { rows: Loaded<TeacherRow[]>; shown: (keyof typeof TEACHER_COLUMNS)[]; searchable?: boolean }) {
  return (
    <DataTable<TeacherRow>
      caption="Нагрузка преподавателей"
      rows={rows}
      rowKey={(row) => `${row.id}-${row.departmentId ?? 0}`}
      filterText={searchable ? (row) => `${row.name} ${row.departmentName ?? ''}` : undefined}
      empty="За период занятий нет."
      columns={shown.map((name) => TEACHER_COLUMNS[name])}
    />
  );
}

/** The classrooms' report as a sortable table; `searchable` adds a search by the room's name. */
export function ClassroomsTable({ rows, searchable = false }: { rows: Loaded<ClassroomRow[]>; searchable?: boolean }) {
  return (
    <DataTable<ClassroomRow>
      caption="Загрузка аудиторий"
        stacked
      rows={rows}
      rowKey={(row) => row.id}
      filterText={searchable ? (row) => row.name : undefined}
      empty="За период занятий нет."
      columns={[
        { title: 'Аудитория', cell: (row) => row.name, compare: (a, b) => a.name.localeCompare(b.name, 'ru') },
        { title: 'Мест', cell: (row) => row.capacity, compare: (a, b) => a.capacity - b.capacity },
        { title: 'Занятий', cell: (row) => row.lessonCount, compare: (a, b) => a.lessonCount - b.lessonCount },
        { title: 'Средняя заполненность, %', cell: (row) => row.averageFillPercent, compare: (a, b) => a.averageFillPercent - b.averageFillPercent },
        { title: 'Переполнено', cell: (row) => row.overfilledLessonCount, compare: (a, b) => a.overfilledLessonCount - b.overfilledLessonCount },
      ]}
    />
  );
}

/**
 * The departments report (spec 4.16): hours per department as bars (when there are several to
 * compare), a CSV file and a sortable table. The department's own section shows its single row.
 */
export function DepartmentsReport({ rows, suffix, chart = false }: { rows: Loaded<DepartmentRow[]>; suffix: string; chart?: boolean }) {
  return (
    <>
      {chart ? <BarChart caption="Академические часы по кафедрам" unit="ч" bars={rowsOf(rows).map((row) => ({ label: row.departmentName ?? 'Без кафедры', value: row.academicHours }))} /> : null}
      <CsvLink
        name={`нагрузка-кафедр_${suffix}`}
        header={['Кафедра', 'Преподавателей', 'Занятий', 'Академических часов', 'Лекции', 'Практики', 'Лабораторные']}
        rows={rowsOf(rows).map((row) => [row.departmentName ?? 'Без кафедры', row.teacherCount, row.lessonCount, row.academicHours, row.lectureHours, row.practiceHours, row.laboratoryHours])}
      />
      <DataTable<DepartmentRow>
        caption="Нагрузка кафедр"
        stacked
        rows={rows}
        rowKey={(row) => row.departmentId ?? 0}
        empty="За период занятий нет."
        columns={[
          { title: 'Кафедра', cell: (row) => row.departmentName ?? 'Без кафедры', compare: (a, b) => (a.departmentName ?? '').localeCompare(b.departmentName ?? '', 'ru') },
          { title: 'Преподавателей', cell: (row) => row.teacherCount, compare: (a, b) => a.teacherCount - b.teacherCount },
          { title: 'Академических часов', cell: (row) => row.academicHours, compare: (a, b) => a.academicHours - b.academicHours },
          { title: 'Лекции / практики / лабораторные', cell: (row) => `${row.lectureHours} / ${row.practiceHours} / ${row.laboratoryHours}` },
        ]}
      />
    </>
  );
}

/** The free rooms of each pair of one date (the period form of free-classrooms, one day long). */
export function FreeRooms() {
  const [date, setDate] = useState(todayAtUniversity());
  const [pair, setPair] = useState('');
  const answer = useLoad(async () => (await data(api.GET('/api/workload/free-classrooms', { params: { query: { startDate: date, endDate: date } } }))) as FreeAtPair[], [date]);
  const pairs = answer.state === 'done' ? answer.data : [];
  const chosen = pairs.find((item) => String(item.timeSlotId) === pair) ?? pairs[0];
  return (
    <>
      <div class="inline-form">
        <Field label="Дата" control={(props) => <input {...props} type="date" value={date} onChange={(event) => setDate(event.currentTarget.value)} />} />
        <Field
          label="Пара"
          control={(props) => (
            <select {...props} value={chosen ? String(chosen.timeSlotId) : ''} onChange={(event) => setPair(event.currentTarget.value)}>
              {pairs.map((item) => (
                <option key={item.timeSlotId} value={String(item.timeSlotId)}>{`${item.orderNumber}-я, ${formatTime(item.startTime)}–${formatTime(item.endTime)}`}</option>
              ))}
            </select>
          )}
        />
      </div>
      {answer.state === 'loading' ? <Status>Загрузка…</Status> : null}
      {answer.state === 'error' ? <ErrorLine message={answer.message} /> : null}
      {answer.state === 'done' && !chosen ? <p class="empty">В этот день пар нет.</p> : null}
      {chosen ? (
        chosen.classrooms.length === 0 ? (
          <p class="empty">Свободных аудиторий нет.</p>
        ) : (
          <ul class="free-rooms">
            {chosen.classrooms.map((room) => (
              <li key={room.id}>{`${room.name}: мест ${room.capacity}${room.equipments.length ? `, ${room.equipments.map((item) => item.name).join(', ')}` : ''}`}</li>
            ))}
          </ul>
        )
      ) : null}
    </>
  );
}

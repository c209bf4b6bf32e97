// /admin/#workload: the five workload reports of spec 4.16 for a period and, optionally, a department
// (the office and the schedule viewer; the department has its own section): hours per teacher and per
// department as bars, classrooms as a table, the use of each weekday's pairs as a heat map, free rooms
// of a date's pairs; every table sortable and downloadable as CSV.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { BarChart } from '../shared/bar-chart';
import { CsvLink } from '../shared/csv';
import { DAY_NAMES, formatTime, plusDays, todayAtUniversity } from '../shared/dates';
import { Field } from '../shared/form';
import { HeatMap } from '../shared/heat-map';
import { DataTable } from '../shared/table';
import { ErrorLine, Status, useLoad, type Loaded } from '../shared/ui';

type TeacherRow = Schemas['TeacherWorkloadRow'];
type ClassroomRow = Schemas['ClassroomWorkloadRow'];
type DepartmentRow = Schemas['DepartmentWorkloadRow'];
type TimeSlotRow = Schemas['TimeSlotWorkloadRow'];
type FreeAtPair = Schemas['FreeClassroomsAtPair'];

const rowsOf = <T,>(loaded: { state: string; data?: T[] }): T[] => (loaded.state === 'done' && loaded.data ? loaded.data : []);

export default function Workload() {
  const today = todayAtUniversity();
  const [period, setPeriod] = useState({ startDate: plusDays(today, -30), endDate: today });
  const [departmentId, setDepartmentId] = useState('');
  const departments = useLoad(() => data(api.GET('/api/departments')), []);
  const query = { params: { query: { ...period, ...(departmentId ? { departmentId: Number(departmentId) } : {}) } } };
  const deps = [period.startDate, period.endDate, departmentId];
  const teachers = useLoad(() => data(api.GET('/api/workload/teachers', query)), deps);
  const classrooms = useLoad(() => data(api.GET('/api/workload/classrooms', query)), deps);
  const byDepartment = useLoad(() => data(api.GET('/api/workload/departments', query)), deps);
  const slots = useLoad(() => data(api.GET('/api/workload/time-slots', query)), deps);
  const suffix = `${period.startDate}_${period.endDate}`;

  return (
    <>
      <h1 id="page-title">Нагрузка</h1>
      <div class="inline-form">
        <Field label="С" control={(props) => <input {...props} type="date" value={period.startDate} onChange={(event) => setPeriod({ ...period, startDate: event.currentTarget.value })} />} />
        <Field label="По" control={(props) => <input {...props} type="date" value={period.endDate} onChange={(event) => setPeriod({ ...period, endDate: event.currentTarget.value })} />} />
        <Field
          label="Кафедра"
          control={(props) => (
            <select {...props} value={departmentId} onChange={(event) => setDepartmentId(event.currentTarget.value)}>
              <option value="">Все кафедры</option>
              {rowsOf(departments).map((department) => (
                <option key={department.id} value={String(department.id)}>{department.departmentName}</option>
              ))}
            </select>
          )}
        />
      </div>

      <h2>Преподаватели</h2>
      <BarChart caption="Академические часы по преподавателям" unit="ч" bars={[...rowsOf(teachers)].sort((a, b) => b.academicHours - a.academicHours).map((row) => ({ label: row.name, value: row.academicHours }))} />
      <CsvLink
        name={`нагрузка-преподавателей_${suffix}`}
        header={['Преподаватель', 'Кафедра', 'Занятий', 'Академических часов', 'Занятых пар']}
        rows={rowsOf(teachers).map((row) => [row.name, row.departmentName ?? '', row.lessonCount, row.academicHours, row.occupiedSlotCount])}
      />
      <DataTable<TeacherRow>
        caption="Нагрузка преподавателей"
        rows={teachers}
        rowKey={(row) => `${row.id}-${row.departmentId ?? 0}`}
        filterText={(row) => `${row.name} ${row.departmentName ?? ''}`}
        empty="За период занятий нет."
        columns={[
          { title: 'Преподаватель', cell: (row) => row.name, compare: (a, b) => a.name.localeCompare(b.name, 'ru') },
          { title: 'Кафедра', cell: (row) => row.departmentName ?? '', compare: (a, b) => (a.departmentName ?? '').localeCompare(b.departmentName ?? '', 'ru') },
          { title: 'Занятий', cell: (row) => row.lessonCount, compare: (a, b) => a.lessonCount - b.lessonCount },
          { title: 'Академических часов', cell: (row) => row.academicHours, compare: (a, b) => a.academicHours - b.academicHours },
        ]}
      />

      <h2>Кафедры</h2>
      <DepartmentsReport rows={byDepartment} suffix={suffix} chart />

      <h2>Аудитории</h2>
      <CsvLink
        name={`загрузка-аудиторий_${suffix}`}
        header={['Аудитория', 'Мест', 'Занятий', 'Занятых пар', 'Средняя заполненность, %', 'Переполнено']}
        rows={rowsOf(classrooms).map((row) => [row.name, row.capacity, row.lessonCount, row.occupiedSlotCount, row.averageFillPercent, row.overfilledLessonCount])}
      />
      <DataTable<ClassroomRow>
        caption="Загрузка аудиторий"
        rows={classrooms}
        rowKey={(row) => row.id}
        filterText={(row) => row.name}
        empty="За период занятий нет."
        columns={[
          { title: 'Аудитория', cell: (row) => row.name, compare: (a, b) => a.name.localeCompare(b.name, 'ru') },
          { title: 'Мест', cell: (row) => row.capacity, compare: (a, b) => a.capacity - b.capacity },
          { title: 'Занятий', cell: (row) => row.lessonCount, compare: (a, b) => a.lessonCount - b.lessonCount },
          { title: 'Средняя заполненность, %', cell: (row) => row.averageFillPercent, compare: (a, b) => a.averageFillPercent - b.averageFillPercent },
          { title: 'Переполнено', cell: (row) => row.overfilledLessonCount, compare: (a, b) => a.overfilledLessonCount - b.overfilledLessonCount },
        ]}
      />

      <h2>Дни и пары</h2>
      {slots.state === 'loading' ? <Status>Загрузка…</Status> : null}
      {slots.state === 'error' ? <ErrorLine message={slots.message} /> : null}
      {slots.state === 'done' ? (
        <>
          <HeatMap
            caption="Занятия по дням недели и парам"
            columns={DAY_NAMES.slice(0, 7)}
            rows={slots.data.map((row: TimeSlotRow) => ({ label: `${row.orderNumber}-я, ${formatTime(row.startTime)}`, values: row.days.map((day) => day.lessonCount) }))}
          />
          <CsvLink
            name={`занятия-по-парам_${suffix}`}
            header={['Пара', 'Начало', 'Конец', ...DAY_NAMES.slice(0, 7), 'Всего занятий', 'Академических часов']}
            rows={slots.data.map((row) => [row.orderNumber, formatTime(row.startTime), formatTime(row.endTime), ...row.days.map((day) => day.lessonCount), row.lessonCount, row.academicHours])}
          />
        </>
      ) : null}

      <h2>Свободные аудитории</h2>
      <FreeRooms />
    </>
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

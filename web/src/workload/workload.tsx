// /admin/#workload: the five workload reports of spec 4.16 for a period and, optionally, a department
// (the office and the schedule viewer; the department has its own section): hours per teacher and per
// department as bars, classrooms as a table, the use of each weekday's pairs as a heat map, free rooms
// of a date's pairs; every table sortable and downloadable as CSV.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { CsvLink } from '../shared/csv';
import { DAY_NAMES, formatTime } from '../shared/dates';
import { Field } from '../shared/form';
import { HeatMap } from '../shared/heat-map';
import { ErrorLine, Status, useLoad } from '../shared/ui';
import { DepartmentOptions, useDepartments } from '../users';
import { ClassroomsTable, DepartmentsReport, FreeRooms, PeriodFields, rowsOf, TeacherHoursChart, TeachersTable, usePeriod } from './reports';

type TimeSlotRow = Schemas['TimeSlotWorkloadRow'];

export default function Workload() {
  const [period, setPeriod] = usePeriod();
  const [departmentId, setDepartmentId] = useState('');
  const departments = useDepartments();
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
        <PeriodFields period={period} onChange={setPeriod} />
        <Field
          label="Кафедра"
          control={(props) => (
            <select {...props} value={departmentId} onChange={(event) => setDepartmentId(event.currentTarget.value)}>
              <option value="">Все кафедры</option>
              <DepartmentOptions departments={departments} />
            </select>
          )}
        />
      </div>

      <h2>Преподаватели</h2>
      <TeacherHoursChart rows={rowsOf(teachers)} />
      <CsvLink
        name={`нагрузка-преподавателей_${suffix}`}
        header={['Преподаватель', 'Кафедра', 'Занятий', 'Академических часов', 'Занятых пар']}
        rows={rowsOf(teachers).map((row) => [row.name, row.departmentName ?? '', row.lessonCount, row.academicHours, row.occupiedSlotCount])}
      />
      <TeachersTable rows={teachers} shown={['name', 'department', 'lessons', 'hours']} searchable />

      <h2>Кафедры</h2>
      <DepartmentsReport rows={byDepartment} suffix={suffix} chart />

      <h2>Аудитории</h2>
      <CsvLink
        name={`загрузка-аудиторий_${suffix}`}
        header={['Аудитория', 'Мест', 'Занятий', 'Занятых пар', 'Средняя заполненность, %', 'Переполнено']}
        rows={rowsOf(classrooms).map((row) => [row.name, row.capacity, row.lessonCount, row.occupiedSlotCount, row.averageFillPercent, row.overfilledLessonCount])}
      />
      <ClassroomsTable rows={classrooms} searchable />

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

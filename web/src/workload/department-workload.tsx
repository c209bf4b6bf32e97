// /admin/#department-workload: the department's workload over a period (spec 4.16; the department
// comes from the token): its teachers as a sortable table and as bars of academic hours, and the
// classrooms and pairs it uses as tables, its own row of the departments report and the free rooms of
// a date (the office's components, the API pinning the department).
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { BarChart } from '../shared/bar-chart';
import { formatTime, plusDays, todayAtUniversity } from '../shared/dates';
import { Field } from '../shared/form';
import { DataTable } from '../shared/table';
import { useLoad } from '../shared/ui';
import { DepartmentsReport, FreeRooms } from './workload';

type TeacherRow = Schemas['TeacherWorkloadRow'];
type ClassroomRow = Schemas['ClassroomWorkloadRow'];
type TimeSlotRow = Schemas['TimeSlotWorkloadRow'];

export default function DepartmentWorkload() {
  const today = todayAtUniversity();
  const [period, setPeriod] = useState({ startDate: plusDays(today, -30), endDate: today });
  const query = { params: { query: period } };
  const teachers = useLoad(() => data(api.GET('/api/workload/teachers', query)), [period.startDate, period.endDate]);
  const classrooms = useLoad(() => data(api.GET('/api/workload/classrooms', query)), [period.startDate, period.endDate]);
  const slots = useLoad(() => data(api.GET('/api/workload/time-slots', query)), [period.startDate, period.endDate]);
  const ownDepartment = useLoad(() => data(api.GET('/api/workload/departments', query)), [period.startDate, period.endDate]);

  return (
    <>
      <h1 id="page-title">Нагрузка кафедры</h1>
      <div class="inline-form">
        <Field label="С" control={(props) => <input {...props} type="date" value={period.startDate} onChange={(event) => setPeriod({ ...period, startDate: event.currentTarget.value })} />} />
        <Field label="По" control={(props) => <input {...props} type="date" value={period.endDate} onChange={(event) => setPeriod({ ...period, endDate: event.currentTarget.value })} />} />
      </div>
      <h2>Кафедра в целом</h2>
      <DepartmentsReport rows={ownDepartment} suffix={`${period.startDate}_${period.endDate}`} />
      <h2>Преподаватели</h2>
      {teachers.state === 'done' ? (
        <BarChart caption="Академические часы по преподавателям" unit="ч" bars={[...teachers.data].sort((a, b) => b.academicHours - a.academicHours).map((row) => ({ label: row.name, value: row.academicHours }))} />
      ) : null}
      <DataTable<TeacherRow>
        caption="Нагрузка преподавателей"
        rows={teachers}
        rowKey={(row) => `${row.id}-${row.departmentId ?? 0}`}
        empty="За период занятий нет."
        columns={[
          { title: 'Преподаватель', cell: (row) => row.name, compare: (a, b) => a.name.localeCompare(b.name, 'ru') },
          { title: 'Занятий', cell: (row) => row.lessonCount, compare: (a, b) => a.lessonCount - b.lessonCount },
          { title: 'Академических часов', cell: (row) => row.academicHours, compare: (a, b) => a.academicHours - b.academicHours },
          { title: 'Занятых пар', cell: (row) => row.occupiedSlotCount, compare: (a, b) => a.occupiedSlotCount - b.occupiedSlotCount },
        ]}
      />
      <h2>Аудитории</h2>
      <DataTable<ClassroomRow>
        caption="Загрузка аудиторий"
        rows={classrooms}
        rowKey={(row) => row.id}
        empty="За период занятий нет."
        columns={[
          { title: 'Аудитория', cell: (row) => row.name, compare: (a, b) => a.name.localeCompare(b.name, 'ru') },
          { title: 'Мест', cell: (row) => row.capacity, compare: (a, b) => a.capacity - b.capacity },
          { title: 'Занятий', cell: (row) => row.lessonCount, compare: (a, b) => a.lessonCount - b.lessonCount },
          { title: 'Средняя заполненность, %', cell: (row) => row.averageFillPercent, compare: (a, b) => a.averageFillPercent - b.averageFillPercent },
          { title: 'Переполнено', cell: (row) => row.overfilledLessonCount, compare: (a, b) => a.overfilledLessonCount - b.overfilledLessonCount },
        ]}
      />
      <h2>Пары</h2>
      <DataTable<TimeSlotRow>
        caption="Занятия по парам"
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

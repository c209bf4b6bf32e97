// /admin/#department-workload: the department's workload over a period (spec 4.16; the department
// comes from the token): its teachers as a sortable table and as bars of academic hours, and the
// classrooms and pairs it uses as tables, its own row of the departments report and the free rooms of
// a date (the pieces it shares with the office's screen are in reports.tsx; the API pins the department).
import { api, data, type Schemas } from '../api/client';
import { formatTime } from '../shared/dates';
import { DataTable } from '../shared/table';
import { useLoad } from '../shared/ui';
import { ClassroomsTable, DepartmentsReport, FreeRooms, PeriodFields, TeacherHoursChart, TeachersTable, usePeriod } from './reports';

type TimeSlotRow = Schemas['TimeSlotWorkloadRow'];

export default function DepartmentWorkload() {
  const [period, setPeriod] = usePeriod();
  const query = { params: { query: period } };
  const teachers = useLoad(() => data(api.GET('/api/workload/teachers', query)), [period.startDate, period.endDate]);
  const classrooms = useLoad(() => data(api.GET('/api/workload/classrooms', query)), [period.startDate, period.endDate]);
  const slots = useLoad(() => data(api.GET('/api/workload/time-slots', query)), [period.startDate, period.endDate]);
  const ownDepartment = useLoad(() => data(api.GET('/api/workload/departments', query)), [period.startDate, period.endDate]);

  return (
    <>
      <h1 id="page-title">Нагрузка кафедры</h1>
      <div class="inline-form">
        <PeriodFields period={period} onChange={setPeriod} />
      </div>
      <h2>Кафедра в целом</h2>
      <DepartmentsReport rows={ownDepartment} suffix={`${period.startDate}_${period.endDate}`} />
      <h2>Преподаватели</h2>
      {teachers.state === 'done' ? <TeacherHoursChart rows={teachers.data} /> : null}
      <TeachersTable rows={teachers} shown={['name', 'lessons', 'hours', 'occupiedPairs']} />
      <h2>Аудитории</h2>
      <ClassroomsTable rows={classrooms} />
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

// /admin/#schedule-view: any group, teacher or classroom of the university by week.
import { ScheduleLookup } from './schedule-lookup';

export default function ScheduleView() {
  return <ScheduleLookup title="Просмотр расписания" storageKey="timetable.admin.selection" kinds={['group', 'teacher', 'classroom']} />;
}

// /admin/#schedule-view: any group, teacher or classroom of the university by week, optionally narrowed
// by the search's filters (spec 4.5).
import { ScheduleLookup } from './schedule-lookup';

export default function ScheduleView() {
  return <ScheduleLookup title="Просмотр расписания" storageKey="timetable.admin.selection" kinds={['group', 'teacher', 'classroom']} filters />;
}

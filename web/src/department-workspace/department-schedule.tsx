// /admin/#department-workspace: the department's own groups and teachers by week (spec 4.17).
import { ScheduleLookup } from '../schedule-view';
import { useMe } from '../shared/session';

export default function DepartmentSchedule() {
  const me = useMe();
  return (
    <ScheduleLookup
      title="Расписание кафедры"
      storageKey="timetable.department.selection"
      kinds={['group', 'teacher']}
      departmentId={me.departmentId ?? undefined}
      moreDownloads={me.departmentId ? [{ label: 'вся кафедра', params: { departmentId: me.departmentId } }] : []}
    />
  );
}

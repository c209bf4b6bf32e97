// /admin/#schedule-view: any group, teacher or classroom of the university by week, optionally narrowed
// by the search's filters (spec 4.5); the office also downloads a whole department's week (the dean's
// offices' spreadsheet) from here.
import { useState } from 'preact/hooks';
import { api, data } from '../api/client';
import type { DownloadTarget } from '../shared/schedule-downloads';
import { useMe } from '../shared/session';
import { ErrorLine, useId, useLoad } from '../shared/ui';
import { ScheduleLookup } from './schedule-lookup';

/** «Кафедра для выгрузки»: which department's whole timetable the downloads offer (a DEPARTMENT user: its own). */
function DepartmentChoice({ value, onChange }: { value: DownloadTarget | undefined; onChange: (target: DownloadTarget | undefined) => void }) {
  const me = useMe();
  const id = useId('export-department');
  const departments = useLoad(() => data(api.GET('/api/departments')), []);
  const list = departments.state === 'done' ? departments.data.filter((item) => me.role !== 'DEPARTMENT' || item.id === me.departmentId) : [];
  const chosen = value && 'departmentId' in value.params ? value.params.departmentId : '';
  return (
    <div class="field">
      <label for={id}>Кафедра для выгрузки</label>
      <select
        id={id}
        value={chosen}
        onChange={(event) => {
          const department = list.find((item) => item.id === Number(event.currentTarget.value));
          onChange(department ? { label: `кафедра ${department.departmentName}`, params: { departmentId: department.id } } : undefined);
        }}
      >
        <option value="">Не выбрана</option>
        {list.map((item) => (
          <option key={item.id} value={item.id}>
            {item.departmentName}
          </option>
        ))}
      </select>
      {departments.state === 'error' ? <ErrorLine message={departments.message} /> : null}
    </div>
  );
}

export default function ScheduleView() {
  const [department, setDepartment] = useState<DownloadTarget>();
  return (
    <ScheduleLookup
      title="Просмотр расписания"
      storageKey="timetable.admin.selection"
      kinds={['group', 'teacher', 'classroom']}
      extraControls={<DepartmentChoice value={department} onChange={setDepartment} />}
      moreDownloads={department ? [department] : []}
      filters
    />
  );
}

// /admin/#department-groups: the department's own groups (spec 4.19 `GET /api/groups/{departmentId}`,
// which leaves out graduated and archived ones), read-only: size, course and start year, specialty,
// form, subgroups and study state. Changes stay with the office in «Справочники».
import { api, data, type Schemas } from '../api/client';
import { useMe } from '../shared/session';
import { DataTable } from '../shared/table';
import { ErrorLine, useLoad } from '../shared/ui';

type Group = Schemas['GroupResponse'];
type Row = Group & { subgroups: Schemas['SubgroupResponse'][] };

/** The groups with their subgroups: one call for the groups, one for all their subgroups. */
async function loadGroups(departmentId: number): Promise<Row[]> {
  const groups = await data(api.GET('/api/groups/{departmentId}', { params: { path: { departmentId } } }));
  if (groups.length === 0) return [];
  // The subgroup list takes at most 100 group ids a call.
  const subgroups: Schemas['SubgroupResponse'][] = [];
  for (let start = 0; start < groups.length; start += 100) {
    const groupId = groups.slice(start, start + 100).map((group) => group.id);
    subgroups.push(...(await data(api.GET('/api/subgroups', { params: { query: { groupId } } }))));
  }
  return groups.map((group) => ({ ...group, subgroups: subgroups.filter((subgroup) => subgroup.groupId === group.id) }));
}

export default function DepartmentGroups() {
  const me = useMe();
  const departmentId = me.departmentId;
  const rows = useLoad(() => (departmentId ? loadGroups(departmentId) : Promise.resolve([])), [departmentId]);
  return (
    <>
      <h1 id="page-title">Группы кафедры</h1>
      {departmentId ? null : <ErrorLine message="Учётная запись не привязана к кафедре." />}
      <DataTable<Row>
        caption="Группы кафедры"
        rows={rows}
        rowKey={(group) => group.id}
        filterText={(group) => `${group.name} ${group.specialtyCode} ${group.specialtyName} ${group.specialtyProfileName} ${group.educationFormName}`}
        empty="У кафедры нет обучающихся групп."
        columns={[
          { title: 'Группа', cell: (group) => group.name, compare: (a, b) => a.name.localeCompare(b.name, 'ru') },
          { title: 'Студентов', cell: (group) => group.groupSize, compare: (a, b) => a.groupSize - b.groupSize },
          { title: 'Курс', cell: (group) => (group.course > 0 ? group.course : 'не начато'), compare: (a, b) => a.course - b.course },
          { title: 'Год начала', cell: (group) => group.yearStartStudy, compare: (a, b) => a.yearStartStudy - b.yearStartStudy },
          { title: 'Специальность', cell: (group) => `${group.specialtyCode} ${group.specialtyName}, ${group.specialtyProfileName}` },
          { title: 'Форма', cell: (group) => group.educationFormName },
          {
            title: 'Подгруппы',
            cell: (group) => (group.subgroups.length ? group.subgroups.map((subgroup) => `${subgroup.name} (${subgroup.studentCapacity})`).join(', ') : 'нет'),
          },
          { title: 'Состояние', cell: (group) => group.studyStateName },
        ]}
      />
    </>
  );
}

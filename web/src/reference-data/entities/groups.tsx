// Группы (spec 4.19): name (repeats allowed), size, form, department, start year, specialty and its
// profile; the course and the study state follow from the start year. A group is archived and restored,
// never removed. Under a group: its subgroups with the division mode (none, two, three) and its academic
// calendar per academic year.
import { api, ApiError, data, type Schemas } from '../../api/client';
import { ApiFormFrame, Field, useApiForm } from '../../shared/form';
import { EntityDesk, num, str, text, type EntityDescriptor, type Option } from '../entity-desk';
import { departmentOptions, educationFormOptions, namesOf, profileOptions, specialtyOptions, yearOptions } from '../lookups';

type Group = Schemas['GroupResponse'] & { departmentName: string };
type GroupValues = { name: string; groupSize: string; educationFormId: string; departmentId: string; yearStartStudy: string; specialtyId: string; specialtyProfileId: string };
type Subgroup = Schemas['SubgroupResponse'];
type SubgroupValues = { name: string; studentCapacity: string };
type Assignment = Schemas['AssignmentResponse'];
type AssignmentValues = { academicYearId: string; calendarId: string };
type Mode = Schemas['DivisionRequest']['mode'];

const groupBody = (values: GroupValues): Schemas['GroupRequest'] => ({
  name: text(values.name),
  groupSize: num(values.groupSize),
  educationFormId: num(values.educationFormId),
  departmentId: num(values.departmentId),
  yearStartStudy: num(values.yearStartStudy),
  specialtyId: num(values.specialtyId),
  specialtyProfileId: num(values.specialtyProfileId),
});

async function listGroups(archived: boolean): Promise<Group[]> {
  const [groups, departments] = await Promise.all([data(api.GET('/api/groups', { params: { query: { includeArchived: archived } } })), departmentOptions()]);
  const names = namesOf(departments);
  return groups.map((group) => ({ ...group, departmentName: names.get(group.departmentId) ?? `№${group.departmentId}` }));
}

const MODES: { mode: Mode; label: string; count: number }[] = [
  { mode: 'NONE', label: 'Без деления', count: 0 },
  { mode: 'TWO', label: 'Две подгруппы', count: 2 },
  { mode: 'THREE', label: 'Три подгруппы', count: 3 },
];

/** Subgroups of one group (used only for laboratory lessons). */
function subgroupsOf(group: Group): EntityDescriptor<Subgroup, SubgroupValues> {
  const body = (values: SubgroupValues): Schemas['SubgroupRequest'] => ({ name: text(values.name), studentCapacity: num(values.studentCapacity) });
  return {
    id: `subgroups-${group.id}`,
    title: 'Подгруппы',
    addText: 'Добавить подгруппу',
    rowLabel: (row) => row.name,
    rowKey: (row) => row.id,
    list: () => data(api.GET('/api/groups/{groupId}/subgroups', { params: { path: { groupId: group.id } } })),
    columns: [
      { title: 'Подгруппа', cell: (row) => row.name, compare: (a, b) => a.name.localeCompare(b.name, 'ru', { numeric: true }) },
      { title: 'Студентов', cell: (row) => row.studentCapacity, compare: (a, b) => a.studentCapacity - b.studentCapacity },
    ],
    filterText: (row) => row.name,
    empty: 'Группа не разделена на подгруппы.',
    fields: [
      { name: 'name', label: 'Название подгруппы', kind: 'text' },
      { name: 'studentCapacity', label: 'Студентов', kind: 'number' },
    ],
    blank: { name: '', studentCapacity: '' },
    create: (values) => data(api.POST('/api/groups/{groupId}/subgroups', { params: { path: { groupId: group.id } }, body: body(values) })),
    valuesOf: (row) => ({ name: row.name, studentCapacity: str(row.studentCapacity) }),
    update: (row, values) => data(api.PUT('/api/groups/{groupId}/subgroups/{id}', { params: { path: { groupId: group.id, id: row.id } }, body: body(values) })),
    remove: (row) => data(api.DELETE('/api/groups/{groupId}/subgroups/{id}', { params: { path: { groupId: group.id, id: row.id } } })),
    extra: ({ rows, loaded, reload, canWrite }) => (canWrite ? <DivisionMode group={group} count={loaded ? rows.length : undefined} onDone={reload} /> : null),
  };
}

/** The number of subgroups changes only through the division mode: even parts of the group's size. */
function DivisionMode({ group, count, onDone }: { group: Group; count?: number; onDone: () => void }) {
  const form = useApiForm<{ mode: Mode | '' }>({
    initial: { mode: '' },
    otherwise: 'mode',
    send: async (values) => {
      if (!values.mode) throw new ApiError(400, 'Выберите режим деления');
      const made = await data(api.PUT('/api/groups/{groupId}/subgroups/division', { params: { path: { groupId: group.id } }, body: { mode: values.mode } }));
      onDone();
      return made.length ? `Группа разделена: ${made.map((item) => `${item.name} (${item.studentCapacity})`).join(', ')}` : 'Деление на подгруппы снято';
    },
  });
  const now = count === undefined ? '' : (MODES.find((mode) => mode.count === count)?.label ?? `своё деление (${count})`);
  return (
    <ApiFormFrame form={form} label="Режим деления" submitText="Применить режим">
      <Field
        label="Режим деления"
        hint={`${now ? `Сейчас: ${now.toLocaleLowerCase('ru')}. ` : ''}Подгруппы заменяются равными частями группы (${group.groupSize} студентов).`}
        error={form.errorAt('mode')}
        control={(props) => (
          <select {...props} value={form.values.mode} onChange={(event) => form.set('mode', event.currentTarget.value as Mode)}>
            <option value="">— выберите —</option>
            {MODES.map((mode) => (
              <option key={mode.mode} value={mode.mode}>
                {mode.label}
              </option>
            ))}
          </select>
        )}
      />
    </ApiFormFrame>
  );
}

/** The calendars that fit the group in a year: same specialty, profile and study form. */
async function calendarOptions(group: Group, academicYearId: number | undefined): Promise<Option[]> {
  if (!academicYearId) return [];
  const calendars = await data(
    api.GET('/api/admin/academic-calendars/options', {
      params: { query: { academicYearId, specialtyId: group.specialtyId, profileId: group.specialtyProfileId, studyFormId: group.educationFormId, limit: 50 } },
    }),
  );
  return calendars.map((calendar) => ({ id: calendar.id, label: `${calendar.title} (курсов: ${calendar.courseCount})` }));
}

/** The group's academic calendar per academic year: saving for a year that has one replaces it. */
function assignmentsOf(group: Group): EntityDescriptor<Assignment, AssignmentValues> {
  return {
    id: `assignments-${group.id}`,
    title: 'Учебные календари',
    addText: 'Назначить календарь',
    rowLabel: (row) => `${row.academicYearTitle}: ${row.calendarTitle}`,
    rowKey: (row) => row.id,
    list: () => data(api.GET('/api/groups/{id}/calendar-assignments', { params: { path: { id: group.id } } })),
    columns: [
      { title: 'Учебный год', cell: (row) => row.academicYearTitle, compare: (a, b) => a.academicYearTitle.localeCompare(b.academicYearTitle) },
      { title: 'Календарь', cell: (row) => row.calendarTitle },
      { title: 'Дисциплин', cell: (row) => row.subjects.length },
    ],
    filterText: (row) => `${row.academicYearTitle} ${row.calendarTitle}`,
    empty: 'Группе не назначен ни один учебный календарь: её занятия не показываются в расписании.',
    fields: [
      { name: 'academicYearId', label: 'Учебный год', kind: 'select', options: yearOptions },
      {
        name: 'calendarId',
        label: 'Учебный календарь',
        kind: 'select',
        options: (values) => calendarOptions(group, num(values.academicYearId)),
        dependsOn: ['academicYearId'],
        hint: 'Календари того же года, специальности, профиля и формы обучения, что и у группы. Назначение на год, где календарь уже есть, заменяет его.',
      },
    ],
    blank: { academicYearId: '', calendarId: '' },
    create: (values) => data(api.PUT('/api/groups/{id}/calendar-assignments', { params: { path: { id: group.id } }, body: { academicYearId: num(values.academicYearId), calendarId: num(values.calendarId) } })),
    remove: (row) => data(api.DELETE('/api/groups/{id}/calendar-assignments/{assignmentId}', { params: { path: { id: group.id, assignmentId: row.id } } })),
  };
}

export const groups: EntityDescriptor<Group, GroupValues> = {
  id: 'groups',
  title: 'Группы',
  addText: 'Добавить группу',
  rowLabel: (row) => row.name,
  rowKey: (row) => row.id,
  list: listGroups,
  columns: [
    { title: 'Группа', cell: (row) => row.name, compare: (a, b) => a.name.localeCompare(b.name, 'ru', { numeric: true }) },
    { title: 'Специальность', cell: (row) => `${row.specialtyCode} ${row.specialtyName}`, compare: (a, b) => a.specialtyCode.localeCompare(b.specialtyCode, 'ru', { numeric: true }) },
    { title: 'Профиль', cell: (row) => row.specialtyProfileName },
    { title: 'Форма', cell: (row) => row.educationFormName },
    { title: 'Кафедра', cell: (row) => row.departmentName },
    { title: 'Год начала', cell: (row) => row.yearStartStudy, compare: (a, b) => a.yearStartStudy - b.yearStartStudy },
    { title: 'Курс', cell: (row) => row.course || '—' },
    { title: 'Студентов', cell: (row) => row.groupSize, compare: (a, b) => a.groupSize - b.groupSize },
    { title: 'Состояние', cell: (row) => row.studyStateName },
  ],
  filterText: (row) => `${row.name} ${row.specialtyCode} ${row.specialtyName} ${row.specialtyProfileName} ${row.educationFormName}`,
  filters: [
    { label: 'Кафедра', of: (row) => row.departmentName },
    { label: 'Форма обучения', of: (row) => row.educationFormName },
    { label: 'Состояние обучения', of: (row) => row.studyStateName },
  ],
  empty: 'Групп пока нет.',
  fields: [
    { name: 'name', label: 'Название группы', kind: 'text' },
    { name: 'groupSize', label: 'Студентов', kind: 'number' },
    { name: 'yearStartStudy', label: 'Год начала обучения', kind: 'number' },
    { name: 'educationFormId', label: 'Форма обучения', kind: 'select', options: educationFormOptions },
    { name: 'departmentId', label: 'Кафедра', kind: 'select', options: departmentOptions },
    { name: 'specialtyId', label: 'Специальность', kind: 'select', options: specialtyOptions },
    { name: 'specialtyProfileId', label: 'Профиль', kind: 'select', options: (values) => profileOptions(num(values.specialtyId)), dependsOn: ['specialtyId'] },
  ],
  blank: { name: '', groupSize: '', educationFormId: '', departmentId: '', yearStartStudy: String(new Date().getFullYear()), specialtyId: '', specialtyProfileId: '' },
  writers: ['ADMIN', 'EDUCATION_OFFICE'],
  create: (values) => data(api.POST('/api/groups', { body: groupBody(values) })),
  valuesOf: (row) => ({
    name: row.name,
    groupSize: str(row.groupSize),
    educationFormId: str(row.educationFormId),
    departmentId: str(row.departmentId),
    yearStartStudy: str(row.yearStartStudy),
    specialtyId: str(row.specialtyId),
    specialtyProfileId: str(row.specialtyProfileId),
  }),
  update: (row, values) => data(api.PUT('/api/groups/{id}', { params: { path: { id: row.id } }, body: groupBody(values) })),
  archive: {
    label: 'Показывать архивные и выпущенные',
    isArchived: (row) => row.studyState === 'ARCHIVED',
    archive: (row, effectiveFrom) => data(api.DELETE('/api/groups/{id}', { params: { path: { id: row.id }, query: { effectiveFrom } } })),
    restore: (row) => data(api.POST('/api/groups/{id}/restore', { params: { path: { id: row.id } } })),
  },
  endsRules: (row) => ({ groupId: row.id }),
  children: [
    { title: 'Подгруппы', render: (row) => <EntityDesk descriptor={subgroupsOf(row)} nested /> },
    { title: 'Учебные календари', render: (row) => <EntityDesk descriptor={assignmentsOf(row)} nested /> },
  ],
};

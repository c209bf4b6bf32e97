// Преподаватели и дисциплины (spec 4.20): which teacher may teach which subject, optionally only some
// lesson types (none ticked: all types). The absence wizard offers a substitute only for those types.
// A link is identified by its teacher and subject: a change touches only the lesson types.
import { api, data, type Schemas } from '../../api/client';
import { findTeachers } from '../../shared/options';
import { ids, num, type EntityDescriptor } from '../entity-desk';
import { lessonTypeOptions, namesOf, subjectOptions } from '../lookups';

type Link = Schemas['TeacherSubjectResponse'] & { lessonTypes: string };
type Values = { userId: string; subjectId: string; lessonTypeIds: number[] };

async function list(): Promise<Link[]> {
  const [links, types] = await Promise.all([data(api.GET('/api/teacher-subjects')), lessonTypeOptions()]);
  const names = namesOf(types);
  return links.map((link) => ({ ...link, lessonTypes: link.lessonTypeIds.length ? link.lessonTypeIds.map((id) => names.get(id) ?? `№${id}`).join(', ') : 'все виды' }));
}

export const teacherSubjects: EntityDescriptor<Link, Values> = {
  id: 'teacher-subjects',
  title: 'Преподаватели и дисциплины',
  addText: 'Закрепить дисциплину',
  rowLabel: (row) => `${row.userName} — ${row.subjectName}`,
  rowKey: (row) => `${row.userId}-${row.subjectId}`,
  list,
  columns: [
    { title: 'Преподаватель', cell: (row) => row.userName, compare: (a, b) => a.userName.localeCompare(b.userName, 'ru') },
    { title: 'Дисциплина', cell: (row) => row.subjectName, compare: (a, b) => a.subjectName.localeCompare(b.subjectName, 'ru') },
    { title: 'Виды занятий', cell: (row) => row.lessonTypes },
  ],
  filterText: (row) => `${row.userName} ${row.subjectName}`,
  filters: [{ label: 'Дисциплина', of: (row) => row.subjectName }],
  empty: 'Закреплений пока нет.',
  fields: [
    { name: 'userId', label: 'Преподаватель', kind: 'search', search: (query) => findTeachers(query), placeholder: 'ФИО или логин', fixedOnEdit: true, claims: /^(Пользователь|Преподаватель (не найден|в архиве|сегодня))/ },
    { name: 'subjectId', label: 'Дисциплина', kind: 'select', options: subjectOptions, fixedOnEdit: true, claims: /дисциплин/i },
    { name: 'lessonTypeIds', label: 'Виды занятий', kind: 'multi', options: lessonTypeOptions, hint: 'Ничего не отмечено — преподаватель ведёт все виды занятий.', claims: /вид/i },
  ],
  blank: { userId: '', subjectId: '', lessonTypeIds: [] },
  create: (values) => data(api.POST('/api/teacher-subjects', { body: { userId: num(values.userId), subjectId: num(values.subjectId), lessonTypeIds: ids(values.lessonTypeIds) } })),
  valuesOf: (row) => ({ userId: String(row.userId), subjectId: String(row.subjectId), lessonTypeIds: row.lessonTypeIds }),
  update: (row, values) => data(api.PUT('/api/teacher-subjects', { body: { userId: row.userId, subjectId: row.subjectId, lessonTypeIds: ids(values.lessonTypeIds) } })),
  remove: (row) => data(api.DELETE('/api/teacher-subjects', { body: { userId: row.userId, subjectId: row.subjectId } })),
};

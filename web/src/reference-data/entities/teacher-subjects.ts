// Преподаватели и дисциплины (spec 4.20): which teacher may teach which subject, optionally only some
// lesson types (none ticked: all types). The absence wizard offers a substitute only for those types.
// A link is identified by its teacher and subject: a change touches only the lesson types. The same
// desk serves a department (its own subjects and teachers, which the API enforces): only where the
// teacher and subject are chosen from differs.
import { api, data, type Schemas } from '../../api/client';
import { findTeachers } from '../../shared/options';
import { ids, num, type EntityDescriptor, type FieldSpec, type Option } from '../entity-desk';
import { lessonTypeOptions, namesOf, subjectOptions } from '../lookups';

type Link = Schemas['TeacherSubjectResponse'] & { lessonTypes: string };
type Values = { userId: string; subjectId: string; lessonTypeIds: number[] };

async function list(): Promise<Link[]> {
  const [links, types] = await Promise.all([data(api.GET('/api/teacher-subjects')), lessonTypeOptions()]);
  const names = namesOf(types);
  return links.map((link) => ({ ...link, lessonTypes: link.lessonTypeIds.length ? link.lessonTypeIds.map((id) => names.get(id) ?? `№${id}`).join(', ') : 'все виды' }));
}

/** The links desk; `id`, the teacher field and the subject list are what a caller may set. */
export function teacherSubjectLinks(choice: { id: string; teacher: FieldSpec<Values>; subjects: () => Promise<Option[]> }): EntityDescriptor<Link, Values> {
  return {
    id: choice.id,
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
      choice.teacher,
      { name: 'subjectId', label: 'Дисциплина', kind: 'select', options: choice.subjects, fixedOnEdit: true },
      { name: 'lessonTypeIds', label: 'Виды занятий', kind: 'multi', options: lessonTypeOptions, hint: 'Ничего не отмечено — преподаватель ведёт все виды занятий.' },
    ],
    blank: { userId: '', subjectId: '', lessonTypeIds: [] },
    create: (values) => data(api.POST('/api/teacher-subjects', { body: { userId: num(values.userId), subjectId: num(values.subjectId), lessonTypeIds: ids(values.lessonTypeIds) } })),
    valuesOf: (row) => ({ userId: String(row.userId), subjectId: String(row.subjectId), lessonTypeIds: row.lessonTypeIds }),
    update: (row, values) => data(api.PUT('/api/teacher-subjects', { body: { userId: row.userId, subjectId: row.subjectId, lessonTypeIds: ids(values.lessonTypeIds) } })),
    remove: (row) => data(api.DELETE('/api/teacher-subjects', { body: { userId: row.userId, subjectId: row.subjectId } })),
  };
}

/** The refusals about the teacher that do not quote the field name. */
export const teacherSubjects = teacherSubjectLinks({
  id: 'teacher-subjects',
  teacher: { name: 'userId', label: 'Преподаватель', kind: 'search', search: (query) => findTeachers(query), placeholder: 'ФИО или логин', fixedOnEdit: true },
  subjects: subjectOptions,
});

/** A department's links: its teachers of today (primary or additional) and its own subjects (spec 4.20). */
export const departmentTeacherSubjects = teacherSubjectLinks({
  id: 'department-teacher-subjects',
  teacher: {
    name: 'userId',
    label: 'Преподаватель',
    kind: 'select',
    options: async () => (await data(api.GET('/api/department/teachers'))).map((teacher) => ({ id: teacher.id, label: teacher.fullName || teacher.username })),
    fixedOnEdit: true,
  },
  subjects: async () => (await data(api.GET('/api/department/subjects'))).map((subject) => ({ id: subject.id, label: subject.code ? `${subject.name} (${subject.code})` : subject.name })),
});

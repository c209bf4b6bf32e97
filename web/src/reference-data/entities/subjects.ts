// Дисциплины (spec 4.20): a unique name, an optional code, the department that owns the subject. The API
// has no change of a subject (a department re-imports its own list for codes), so rows are added or removed.
import { h } from 'preact';
import { api, data, type Schemas } from '../../api/client';
import { num, text, type EntityDescriptor } from '../entity-desk';
import { departmentOptions, namesOf } from '../lookups';
import { SubjectEquipment } from './subject-equipment';

type Subject = Schemas['SubjectResponse'] & { departmentName: string };
type Values = { name: string; code: string; departmentId: string };

export const subjects: EntityDescriptor<Subject, Values> = {
  id: 'subjects',
  title: 'Дисциплины',
  addText: 'Добавить дисциплину',
  rowLabel: (row) => row.name,
  rowKey: (row) => row.id,
  list: async () => {
    const [rows, departments] = await Promise.all([data(api.GET('/api/subjects')), departmentOptions()]);
    const names = namesOf(departments);
    return rows.map((row) => ({ ...row, departmentName: names.get(row.departmentId) ?? `№${row.departmentId}` }));
  },
  columns: [
    { title: 'Название', cell: (row) => row.name, compare: (a, b) => a.name.localeCompare(b.name, 'ru') },
    { title: 'Код', cell: (row) => row.code ?? '' },
    { title: 'Кафедра', cell: (row) => row.departmentName, compare: (a, b) => a.departmentName.localeCompare(b.departmentName, 'ru') },
  ],
  filterText: (row) => `${row.name} ${row.code ?? ''}`,
  filters: [{ label: 'Кафедра', of: (row) => row.departmentName }],
  empty: 'Дисциплин пока нет.',
  fields: [
    { name: 'name', label: 'Название', kind: 'text' },
    { name: 'code', label: 'Код', kind: 'text', hint: 'Необязательно, например Б1.О.05' },
    { name: 'departmentId', label: 'Кафедра', kind: 'select', options: departmentOptions },
  ],
  blank: { name: '', code: '', departmentId: '' },
  create: (values) => data(api.POST('/api/subjects', { body: { name: text(values.name), code: text(values.code) || null, departmentId: num(values.departmentId) } })),
  remove: (row, effectiveFrom) => data(api.DELETE('/api/subjects/{id}', { params: { path: { id: row.id }, query: { effectiveFrom } } })),
  endsRules: (row) => ({ subjectId: row.id }),
  children: [{ title: 'Оборудование', render: (row) => h(SubjectEquipment, { subject: row }) }],
};

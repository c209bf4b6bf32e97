// Кафедры (spec 4.18): name and code, both unique; the office reads, the administrator changes. A
// department still referenced (staff assignments, groups, subjects) cannot be removed: the API says why.
import { api, data, type Schemas } from '../../api/client';
import { num, str, text, type EntityDescriptor } from '../entity-desk';

type Department = Schemas['DepartmentResponse'];
type Values = { departmentName: string; departmentCode: string };

const body = (values: Values): Schemas['DepartmentRequest'] => ({ departmentName: text(values.departmentName), departmentCode: num(values.departmentCode) });

export const departments: EntityDescriptor<Department, Values> = {
  id: 'departments',
  title: 'Кафедры',
  addText: 'Добавить кафедру',
  rowLabel: (row) => row.departmentName,
  rowKey: (row) => row.id,
  list: () => data(api.GET('/api/departments')),
  columns: [
    { title: 'Название', cell: (row) => row.departmentName, compare: (a, b) => a.departmentName.localeCompare(b.departmentName, 'ru') },
    { title: 'Код', cell: (row) => row.departmentCode, compare: (a, b) => a.departmentCode - b.departmentCode },
  ],
  filterText: (row) => `${row.departmentName} ${row.departmentCode}`,
  empty: 'Кафедр пока нет.',
  fields: [
    { name: 'departmentName', label: 'Название', kind: 'text' },
    { name: 'departmentCode', label: 'Код', kind: 'number' },
  ],
  blank: { departmentName: '', departmentCode: '' },
  writers: ['ADMIN'],
  create: (values) => data(api.POST('/api/departments', { body: body(values) })),
  valuesOf: (row) => ({ departmentName: row.departmentName, departmentCode: str(row.departmentCode) }),
  update: (row, values) => data(api.PUT('/api/departments/{id}', { params: { path: { id: row.id } }, body: body(values) })),
  remove: (row) => data(api.DELETE('/api/departments/{id}', { params: { path: { id: row.id } } })),
};

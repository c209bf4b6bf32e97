// Формы обучения (spec 4.20): a unique name; removal is refused while a group or a calendar uses the form.
import { api, data, type Schemas } from '../../api/client';
import { text, type EntityDescriptor } from '../entity-desk';

type Form = Schemas['EducationFormResponse'];
type Values = { name: string };

export const educationForms: EntityDescriptor<Form, Values> = {
  id: 'education-forms',
  title: 'Формы обучения',
  addText: 'Добавить форму обучения',
  rowLabel: (row) => row.name,
  rowKey: (row) => row.id,
  list: () => data(api.GET('/api/education-forms')),
  columns: [{ title: 'Название', cell: (row) => row.name, compare: (a, b) => a.name.localeCompare(b.name, 'ru') }],
  filterText: (row) => row.name,
  empty: 'Форм обучения пока нет.',
  fields: [{ name: 'name', label: 'Название', kind: 'text' }],
  blank: { name: '' },
  create: (values) => data(api.POST('/api/education-forms', { body: { name: text(values.name) } })),
  remove: (row) => data(api.DELETE('/api/education-forms/{id}', { params: { path: { id: row.id } } })),
};

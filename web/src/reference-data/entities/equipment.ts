// Оборудование (spec 4.20): what a classroom may be equipped with; removing an item takes it off every classroom.
import { api, data, type Schemas } from '../../api/client';
import { text, type EntityDescriptor } from '../entity-desk';

type Equipment = Schemas['EquipmentResponse'];
type Values = { name: string };

export const equipment: EntityDescriptor<Equipment, Values> = {
  id: 'equipment',
  title: 'Оборудование',
  addText: 'Добавить оборудование',
  rowLabel: (row) => row.name,
  rowKey: (row) => row.id,
  list: () => data(api.GET('/api/equipments')),
  columns: [{ title: 'Название', cell: (row) => row.name, compare: (a, b) => a.name.localeCompare(b.name, 'ru') }],
  filterText: (row) => row.name,
  empty: 'Оборудования пока нет.',
  fields: [{ name: 'name', label: 'Название', kind: 'text' }],
  blank: { name: '' },
  create: (values) => data(api.POST('/api/equipments', { body: { name: text(values.name) } })),
  remove: (row) => data(api.DELETE('/api/equipments/{id}', { params: { path: { id: row.id } } })),
};

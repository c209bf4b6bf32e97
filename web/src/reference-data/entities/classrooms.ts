// Аудитории (spec 4.20): name (unique, archived ones included), capacity, building, floor, availability
// and the equipment set (a change replaces the whole set). Archived classrooms stay in history and can
// be restored.
import { api, data, type Schemas } from '../../api/client';
import { ids, num, str, text, type EntityDescriptor } from '../entity-desk';
import { equipmentOptions } from '../lookups';

type Classroom = Schemas['ClassroomResponse'] & { archived: boolean };
type Values = { name: string; capacity: string; building: string; floor: string; isAvailable: boolean; equipmentIds: number[] };

const body = (values: Values): Schemas['ClassroomRequest'] => ({
  name: text(values.name),
  capacity: num(values.capacity),
  building: text(values.building) || null,
  floor: text(values.floor) ? num(values.floor) : null,
  isAvailable: values.isAvailable,
  equipmentIds: ids(values.equipmentIds),
});

/** The list has no archived flag: an archived classroom is one the default list leaves out. */
async function list(archived: boolean): Promise<Classroom[]> {
  const active = await data(api.GET('/api/classrooms'));
  const activeIds = new Set(active.map((room) => room.id));
  const rows = archived ? await data(api.GET('/api/classrooms', { params: { query: { includeArchived: true } } })) : active;
  return rows.map((room) => ({ ...room, archived: !activeIds.has(room.id) }));
}

export const classrooms: EntityDescriptor<Classroom, Values> = {
  id: 'classrooms',
  title: 'Аудитории',
  addText: 'Добавить аудиторию',
  rowLabel: (row) => row.name,
  rowKey: (row) => row.id,
  list,
  columns: [
    { title: 'Название', cell: (row) => (row.archived ? `${row.name} (в архиве)` : row.name), compare: (a, b) => a.name.localeCompare(b.name, 'ru', { numeric: true }) },
    { title: 'Мест', cell: (row) => row.capacity, compare: (a, b) => a.capacity - b.capacity },
    { title: 'Корпус', cell: (row) => row.building ?? '' },
    { title: 'Этаж', cell: (row) => row.floor ?? '' },
    { title: 'Доступна', cell: (row) => (row.isAvailable ? 'да' : 'нет') },
    { title: 'Оборудование', cell: (row) => row.equipments.map((item) => item.name).join(', ') },
  ],
  filterText: (row) => `${row.name} ${row.building ?? ''} ${row.equipments.map((item) => item.name).join(' ')}`,
  filters: [{ label: 'Корпус', of: (row) => row.building ?? '' }],
  empty: 'Аудиторий пока нет.',
  fields: [
    { name: 'name', label: 'Название', kind: 'text' },
    { name: 'capacity', label: 'Мест', kind: 'number' },
    { name: 'building', label: 'Корпус', kind: 'text' },
    { name: 'floor', label: 'Этаж', kind: 'number' },
    { name: 'isAvailable', label: 'Доступна для занятий', kind: 'checkbox' },
    { name: 'equipmentIds', label: 'Оборудование', kind: 'multi', options: equipmentOptions },
  ],
  blank: { name: '', capacity: '', building: '', floor: '', isAvailable: true, equipmentIds: [] },
  writers: ['ADMIN', 'EDUCATION_OFFICE'],
  create: (values) => data(api.POST('/api/classrooms', { body: body(values) })),
  valuesOf: (row) => ({
    name: row.name,
    capacity: str(row.capacity),
    building: row.building ?? '',
    floor: str(row.floor),
    isAvailable: row.isAvailable,
    equipmentIds: row.equipments.map((item) => item.id),
  }),
  update: (row, values) => data(api.PUT('/api/classrooms/{id}', { params: { path: { id: row.id } }, body: body(values) })),
  archive: {
    isArchived: (row) => row.archived,
    archive: (row, effectiveFrom) => data(api.DELETE('/api/classrooms/{id}', { params: { path: { id: row.id }, query: { effectiveFrom } } })),
    restore: (row) => data(api.POST('/api/classrooms/{id}/restore', { params: { path: { id: row.id } } })),
  },
  endsRules: (row) => ({ classroomId: row.id }),
};

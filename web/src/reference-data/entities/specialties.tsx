// Специальности с профилями (spec 4.18): a unique code and a name; a new specialty gets the profile
// «Без профиля». The office reads, the administrator changes; one still used by groups cannot be removed.
import { api, data, type Schemas } from '../../api/client';
import { EntityDesk, text, type EntityDescriptor } from '../entity-desk';

type Specialty = Schemas['SpecialtyResponse'];
type Profile = Schemas['ProfileResponse'];
type SpecialtyValues = { specialityCode: string; specialityName: string };
type ProfileValues = { name: string; description: string };

const specialtyBody = (values: SpecialtyValues): Schemas['SpecialtyRequest'] => ({ specialityCode: text(values.specialityCode), specialityName: text(values.specialityName) });
const profileBody = (values: ProfileValues): Schemas['ProfileRequest'] => ({ name: text(values.name), description: text(values.description) || null });

/** The profiles of one specialty: a nested list of the same pattern. */
export function profilesOf(specialty: Specialty): EntityDescriptor<Profile, ProfileValues> {
  const path = { id: specialty.id };
  return {
    id: `profiles-${specialty.id}`,
    title: 'Профили',
    addText: 'Добавить профиль',
    rowLabel: (row) => row.name,
    rowKey: (row) => row.id,
    list: () => data(api.GET('/api/specialties/{id}/profiles', { params: { path } })),
    columns: [
      { title: 'Профиль', cell: (row) => row.name, compare: (a, b) => a.name.localeCompare(b.name, 'ru') },
      { title: 'Описание', cell: (row) => row.description ?? '' },
    ],
    filterText: (row) => `${row.name} ${row.description ?? ''}`,
    empty: 'У специальности нет профилей.',
    fields: [
      { name: 'name', label: 'Название профиля', kind: 'text' },
      { name: 'description', label: 'Описание', kind: 'text' },
    ],
    blank: { name: '', description: '' },
    writers: ['ADMIN'],
    create: (values) => data(api.POST('/api/specialties/{id}/profiles', { params: { path }, body: profileBody(values) })),
    valuesOf: (row) => ({ name: row.name, description: row.description ?? '' }),
    update: (row, values) => data(api.PUT('/api/specialties/{id}/profiles/{profileId}', { params: { path: { ...path, profileId: row.id } }, body: profileBody(values) })),
    remove: (row) => data(api.DELETE('/api/specialties/{id}/profiles/{profileId}', { params: { path: { ...path, profileId: row.id } } })),
  };
}

export const specialties: EntityDescriptor<Specialty, SpecialtyValues> = {
  id: 'specialties',
  title: 'Специальности',
  addText: 'Добавить специальность',
  rowLabel: (row) => `${row.specialityCode} ${row.specialityName}`,
  rowKey: (row) => row.id,
  list: () => data(api.GET('/api/specialties')),
  columns: [
    { title: 'Код', cell: (row) => row.specialityCode, compare: (a, b) => a.specialityCode.localeCompare(b.specialityCode, 'ru', { numeric: true }) },
    { title: 'Название', cell: (row) => row.specialityName, compare: (a, b) => a.specialityName.localeCompare(b.specialityName, 'ru') },
  ],
  filterText: (row) => `${row.specialityCode} ${row.specialityName}`,
  empty: 'Специальностей пока нет.',
  fields: [
    { name: 'specialityCode', label: 'Код', kind: 'text', hint: 'Например 09.03.03' },
    { name: 'specialityName', label: 'Название', kind: 'text' },
  ],
  blank: { specialityCode: '', specialityName: '' },
  writers: ['ADMIN'],
  create: (values) => data(api.POST('/api/specialties', { body: specialtyBody(values) })),
  valuesOf: (row) => ({ specialityCode: row.specialityCode, specialityName: row.specialityName }),
  update: (row, values) => data(api.PUT('/api/specialties/{id}', { params: { path: { id: row.id } }, body: specialtyBody(values) })),
  remove: (row) => data(api.DELETE('/api/specialties/{id}', { params: { path: { id: row.id } } })),
  children: [{ title: 'Профили', render: (row) => <EntityDesk descriptor={profilesOf(row)} nested /> }],
};

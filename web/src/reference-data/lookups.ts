// The lists a reference form chooses from, as `{ id, label }` options.
import { api, data } from '../api/client';
import type { Option } from './entity-desk';

export const departmentOptions = async (): Promise<Option[]> =>
  (await data(api.GET('/api/departments'))).map((department) => ({ id: department.id, label: `${department.departmentName} (${department.departmentCode})` }));

export const educationFormOptions = async (): Promise<Option[]> => (await data(api.GET('/api/education-forms'))).map((form) => ({ id: form.id, label: form.name }));

export const specialtyOptions = async (): Promise<Option[]> =>
  (await data(api.GET('/api/specialties'))).map((specialty) => ({ id: specialty.id, label: `${specialty.specialityCode} ${specialty.specialityName}` }));

/** The profiles of one specialty (none until a specialty is chosen). */
export const profileOptions = async (specialtyId: number | undefined): Promise<Option[]> =>
  specialtyId ? (await data(api.GET('/api/specialties/{id}/profiles', { params: { path: { id: specialtyId } } }))).map((profile) => ({ id: profile.id, label: profile.name })) : [];

export const equipmentOptions = async (): Promise<Option[]> => (await data(api.GET('/api/equipments'))).map((item) => ({ id: item.id, label: item.name }));

export const subjectOptions = async (): Promise<Option[]> =>
  (await data(api.GET('/api/subjects'))).map((subject) => ({ id: subject.id, label: subject.code ? `${subject.name} (${subject.code})` : subject.name }));

export const lessonTypeOptions = async (): Promise<Option[]> => (await data(api.GET('/api/lesson-types'))).map((type) => ({ id: type.id, label: type.name }));

export const yearOptions = async (): Promise<Option[]> => (await data(api.GET('/api/admin/calendar/years'))).map((year) => ({ id: year.id, label: year.title }));

/** Names by id, for columns that show a referenced row's name. */
export const namesOf = (options: Option[]): Map<number, string> => new Map(options.map((option) => [option.id, option.label]));

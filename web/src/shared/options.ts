// What the pickers search: the API's option lists, turned into `{ id, label, hint }`.
import { api, data } from '../api/client';
import type { Choice } from './picker';

const LIMIT = 20;

export async function findGroups(query: string, departmentId?: number): Promise<Choice[]> {
  const groups = await data(api.GET('/api/groups/options', { params: { query: { query: query || undefined, limit: LIMIT, departmentId } } }));
  return groups.map((group) => ({
    id: group.id,
    label: group.name,
    hint: [[group.specialtyCode, group.specialtyName].filter(Boolean).join(' '), group.course ? `${group.course} курс` : ''].filter(Boolean).join(', '),
  }));
}

export async function findTeachers(query: string, departmentId?: number): Promise<Choice[]> {
  const teachers = await data(api.GET('/api/users/teachers/options', { params: { query: { query: query || undefined, limit: LIMIT, departmentId } } }));
  return teachers.map((teacher) => ({
    id: teacher.id,
    label: teacher.fullName || teacher.username,
    hint: [teacher.jobTitle, teacher.departmentName].filter(Boolean).join(', '),
  }));
}

let classrooms: ReturnType<typeof loadClassrooms> | undefined;
const loadClassrooms = () => data(api.GET('/api/classrooms'));

function allClassrooms(): ReturnType<typeof loadClassrooms> {
  classrooms ??= loadClassrooms().catch((error: unknown) => {
    classrooms = undefined;
    throw error;
  });
  return classrooms;
}

/** One classroom of the same list (seats and equipment), e.g. to check a room chosen by hand. */
export async function classroomById(id: number) {
  return (await allClassrooms()).find((room) => room.id === id);
}

/** Classrooms have no option endpoint: the list is read once and searched here. */
export async function findClassrooms(query: string): Promise<Choice[]> {
  const needle = query.toLocaleLowerCase('ru');
  return (await allClassrooms())
    .filter((room) => `${room.name} ${room.building ?? ''}`.toLocaleLowerCase('ru').includes(needle))
    .slice(0, LIMIT)
    .map((room) => ({
      id: room.id,
      label: room.name,
      hint: [room.building ? `корпус ${room.building}` : '', room.floor ? `этаж ${room.floor}` : '', room.capacity ? `${room.capacity} мест` : '']
        .filter(Boolean)
        .join(', '),
    }));
}

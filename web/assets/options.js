// What the pickers search: the API's option lists, turned into `{ id, label, hint }`.
import { get } from './api.js';

const LIMIT = 20;

export async function findGroups(query) {
  const groups = await get('/api/groups/options', { query, limit: LIMIT });
  return groups.map((group) => ({
    id: group.id,
    label: group.name,
    hint: [[group.specialtyCode, group.specialtyName].filter(Boolean).join(' '), group.course ? `${group.course} курс` : '']
      .filter(Boolean)
      .join(', '),
  }));
}

export async function findTeachers(query) {
  const teachers = await get('/api/users/teachers/options', { query, limit: LIMIT });
  return teachers.map((teacher) => ({
    id: teacher.id,
    label: teacher.fullName || teacher.username,
    hint: [teacher.jobTitle, teacher.departmentName].filter(Boolean).join(', '),
  }));
}

let classrooms;

/** Classrooms have no option endpoint: the list is read once and searched here. */
export async function findClassrooms(query) {
  classrooms ??= get('/api/classrooms').catch((error) => {
    classrooms = undefined;
    throw error;
  });
  const needle = query.toLocaleLowerCase('ru');
  return (await classrooms)
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

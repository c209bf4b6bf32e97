// Planned against given hours per teacher (issue 55): two answers of the teachers' report (spec 4.16),
// one over the whole period and one up to yesterday, joined on the row's teacher and department (a
// teacher moved between departments has a row in each). No field of the report is changed for it.
import type { Schemas } from '../api/client';

type TeacherRow = Schemas['TeacherWorkloadRow'];

export interface PlannedAndGiven {
  id: number;
  name: string;
  departmentId: number | null;
  plannedLessons: number;
  plannedHours: number;
  givenHours: number;
  /** Planned minus given: what is still ahead. */
  remainingHours: number;
}

export function planBeside(planned: TeacherRow[], given: TeacherRow[]): PlannedAndGiven[] {
  const key = (row: TeacherRow) => `${row.id}:${row.departmentId ?? ''}`;
  const givenHours = new Map(given.map((row) => [key(row), row.academicHours]));
  return planned.map((row) => {
    const done = givenHours.get(key(row)) ?? 0;
    return { id: row.id, name: row.name, departmentId: row.departmentId ?? null, plannedLessons: row.lessonCount, plannedHours: row.academicHours, givenHours: done, remainingHours: row.academicHours - done };
  });
}

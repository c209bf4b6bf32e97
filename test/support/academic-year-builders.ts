import { TenantClient } from './test-app';

/** Builders for academic years, semesters and activity codes, over the HTTP API. */

export type SemesterType = 'autumn' | 'spring';

export interface SemesterBody {
  id: number;
  academicYearId: number;
  semesterType: SemesterType;
  startDate: string;
  endDate: string;
}

export interface AcademicYearBody {
  id: number;
  title: string;
  startDate: string;
  endDate: string;
  semesters: SemesterBody[];
}

export interface ActivityTypeBody {
  id: number;
  code: string;
  name: string;
  allowSchedule: boolean;
  colorCode: string | null;
  displayOrder: number;
  description: string | null;
}

function ok<T>(what: string, response: { status: number; body: unknown }): T {
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as T;
}

/** The usual semesters of a year starting on 1 September of `startYear`. */
export function standardSemesters(startYear: number): { semesterType: SemesterType; startDate: string; endDate: string }[] {
  return [
    { semesterType: 'autumn', startDate: `${startYear}-09-01`, endDate: `${startYear}-12-31` },
    { semesterType: 'spring', startDate: `${startYear + 1}-02-09`, endDate: `${startYear + 1}-06-30` },
  ];
}

/** Creates the academic year starting on 1 September of `startYear`, with an autumn and a spring semester. */
export async function createAcademicYear(
  admin: TenantClient,
  startYear: number,
  semesters = standardSemesters(startYear),
): Promise<AcademicYearBody> {
  return ok('createAcademicYear', await admin.post('/api/admin/calendar/years', { startDate: `${startYear}-09-01`, semesters }));
}

export async function createActivityType(admin: TenantClient, fields: Partial<Omit<ActivityTypeBody, 'id'>> & { code: string }): Promise<ActivityTypeBody> {
  const body = { name: `Активность ${fields.code}`, allowSchedule: false, ...fields };
  return ok('createActivityType', await admin.post('/api/admin/calendar/activity-types', body));
}

import { TenantClient, TestApp } from './test-app';

/** Builders and snapshots for teacher absences (spec 4.13). */

export const ABSENCES_PATH = '/api/teacher-absences';

export type AbsenceStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'RESOLVED' | 'CANCELLED';

export interface AbsenceRequestBody {
  teacherId?: number | null;
  startDate: string;
  endDate: string;
  reason: string;
}

/** A stored absence as every endpoint answers it. */
export interface AbsenceBody {
  id: number;
  teacherId: number;
  teacherName: string;
  startDate: string;
  endDate: string;
  dayCount: number;
  reason: string;
  status: AbsenceStatus;
  createdById: number | null;
  createdByName: string | null;
  createdAt: string;
  reviewedById: number | null;
  reviewedByName: string | null;
  reviewedAt: string | null;
  reviewComment: string | null;
  closedAt: string | null;
  resolvedAt: string | null;
  decisionCount: number;
  updatedAt: string;
}

function ok<T>(what: string, response: { status: number; body: unknown }): T {
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as T;
}

/** Files an absence: PENDING for a teacher, APPROVED for the office and departments. */
export async function createAbsence(client: TenantClient, body: AbsenceRequestBody): Promise<AbsenceBody> {
  return ok('createAbsence', await client.post(ABSENCES_PATH, body));
}

export async function reviewAbsence(client: TenantClient, id: number, approved: boolean, comment?: string): Promise<AbsenceBody> {
  return ok('reviewAbsence', await client.post(`${ABSENCES_PATH}/${id}/review`, { approved, comment }));
}

export async function cancelAbsence(client: TenantClient, id: number): Promise<AbsenceBody> {
  return ok('cancelAbsence', await client.delete(`${ABSENCES_PATH}/${id}`));
}

export async function listAbsences(client: TenantClient, status?: AbsenceStatus): Promise<AbsenceBody[]> {
  return ok('listAbsences', await client.get(status ? `${ABSENCES_PATH}?status=${status}` : ABSENCES_PATH));
}

/** Every absence and decision row, to check that a refused request changed nothing. */
export async function absenceRows(t: TestApp, tenant = 'alpha') {
  const [absences, decisions] = await Promise.all([
    t.sql(tenant, `SELECT * FROM teacher_absences ORDER BY id`),
    t.sql(tenant, `SELECT * FROM teacher_absence_decisions ORDER BY id`),
  ]);
  return { absences, decisions };
}

export async function clearAbsences(t: TestApp, tenant = 'alpha'): Promise<void> {
  await t.sql(tenant, `DELETE FROM teacher_absence_decisions; DELETE FROM teacher_absences`);
}

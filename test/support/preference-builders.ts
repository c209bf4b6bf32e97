import { TenantClient, TestApp } from './test-app';

/** Builders and snapshots for teacher preferences (spec 4.14) and the blocking they cause (4.9 rule 13). */

export const PREFERENCES_PATH = '/api/teacher-preferences';

export type PreferenceType = 'HARD_UNAVAILABLE' | 'SOFT_PREFERRED' | 'SOFT_UNWANTED' | 'CONSECUTIVE' | 'NO_GAPS';
export type PreferenceStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'WITHDRAWN' | 'CANCELLED';

export interface PreferenceRequestBody {
  teacherId?: number | null;
  semesterId: number;
  preferenceType: PreferenceType;
  dayOfWeek?: number | null;
  timeSlotId?: number | null;
  preferenceDate?: string | null;
  comment?: string | null;
}

/** A stored preference as every endpoint answers it. */
export interface PreferenceBody {
  id: number;
  teacherId: number;
  teacherName: string;
  semesterId: number;
  preferenceType: PreferenceType;
  dayOfWeek: number | null;
  timeSlotId: number | null;
  timeSlotOrder: number | null;
  startTime: string | null;
  endTime: string | null;
  preferenceDate: string | null;
  comment: string | null;
  status: PreferenceStatus;
  createdById: number | null;
  createdByName: string | null;
  createdAt: string;
  reviewedById: number | null;
  reviewedByName: string | null;
  reviewedAt: string | null;
  reviewComment: string | null;
  closedAt: string | null;
  updatedAt: string;
}

function ok<T>(what: string, response: { status: number; body: unknown }): T {
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as T;
}

export async function createPreference(client: TenantClient, body: PreferenceRequestBody): Promise<PreferenceBody> {
  return ok('createPreference', await client.post(PREFERENCES_PATH, body));
}

export async function reviewPreference(client: TenantClient, id: number, approved: boolean, comment?: string): Promise<PreferenceBody> {
  return ok('reviewPreference', await client.post(`${PREFERENCES_PATH}/${id}/review`, { approved, comment }));
}

/** Withdraws a waiting preference or cancels an approved one. */
export async function closePreference(client: TenantClient, id: number): Promise<PreferenceBody> {
  return ok('closePreference', await client.delete(`${PREFERENCES_PATH}/${id}`));
}

export async function listPreferences(client: TenantClient, query = ''): Promise<PreferenceBody[]> {
  return ok('listPreferences', await client.get(`${PREFERENCES_PATH}${query ? `?${query}` : ''}`));
}

/** Every preference row, to check that a refused request changed nothing. */
export function preferenceRows(t: TestApp, tenant = 'alpha') {
  return t.sql(tenant, `SELECT * FROM teacher_preferences ORDER BY id`);
}

export async function clearPreferences(t: TestApp, tenant = 'alpha'): Promise<void> {
  await t.sql(tenant, `DELETE FROM teacher_preferences`);
}

import { TenantClient, TestApp } from './test-app';

/** Builders and snapshots for teacher change requests (spec 4.15). */

export const CHANGE_REQUESTS_PATH = '/api/teacher-change-requests';
export const CANDIDATES_PATH = `${CHANGE_REQUESTS_PATH}/candidates`;

export type ChangeRequestStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'CANCELLED';
export type ChangeRequestType = 'MOVE' | 'CHANGE_CLASSROOM' | 'CANCEL';

export interface ChangeRequestBody {
  baseRuleSlotId: number;
  lessonDate: string;
  requestType: ChangeRequestType;
  targetLessonDate?: string | null;
  requestedTimeSlotId?: number | null;
  requestedClassroomId?: number | null;
  reason: string;
}

export interface ChangeRequestEvent {
  id: number;
  eventType: 'SUBMITTED' | 'APPROVED' | 'REJECTED' | 'CANCELLED';
  actorId: number | null;
  actorName: string | null;
  comment: string | null;
  createdAt: string;
}

/** A stored request as every endpoint answers it. */
export interface ChangeRequest {
  id: number;
  teacherId: number;
  teacherName: string;
  semesterId: number;
  scheduleVersionId: number;
  baseRuleSlotId: number;
  scheduleRuleId: number;
  lessonDate: string;
  subjectId: number;
  subjectName: string;
  lessonTypeId: number;
  lessonTypeName: string;
  groupIds: number[];
  groupNames: string[];
  originalTimeSlotId: number;
  originalStartTime: string;
  originalEndTime: string;
  originalClassroomId: number;
  originalClassroomName: string;
  requestType: ChangeRequestType;
  targetLessonDate: string | null;
  requestedTimeSlotId: number | null;
  requestedStartTime: string | null;
  requestedEndTime: string | null;
  requestedClassroomId: number | null;
  requestedClassroomName: string | null;
  reason: string;
  status: ChangeRequestStatus;
  appliedOverrideId: number | null;
  reviewedById: number | null;
  reviewedByName: string | null;
  reviewedAt: string | null;
  reviewComment: string | null;
  createdAt: string;
  updatedAt: string;
  history: ChangeRequestEvent[];
}

export interface Candidates {
  lesson: Record<string, unknown> & { baseRuleSlotId: number; lessonDate: string; classroomId: number; teacherId: number };
  semesterId: number;
  semesterStartDate: string;
  semesterEndDate: string;
  pendingRequestId: number | null;
  targetDate: string;
  dates: { date: string; dayOfWeek: number; freeTimeSlotCount: number }[];
  timeSlots: { targetLessonDate: string | null; requestedTimeSlotId: number; timeSlotOrder: number; startTime: string; endTime: string; classroomId: number; classroomName: string; ownClassroom: boolean }[];
  classrooms: { requestedClassroomId: number; classroomName: string; capacity: number }[];
  canCancel: boolean;
}

function ok<T>(what: string, response: { status: number; body: unknown }): T {
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as T;
}

export async function submitRequest(client: TenantClient, body: ChangeRequestBody): Promise<ChangeRequest> {
  return ok('submitRequest', await client.post(CHANGE_REQUESTS_PATH, body));
}

/** Reviews a request and answers it as the journal lists it (the answer's room `warnings` and room, issue 55, must be there). */
export async function reviewRequest(client: TenantClient, id: number, approved: boolean, comment?: string): Promise<ChangeRequest> {
  const answered = ok<ChangeRequest & { warnings: unknown; classroomId: unknown; classroomName: unknown; ownClassroom: unknown }>(
    'reviewRequest',
    await client.post(`${CHANGE_REQUESTS_PATH}/${id}/review`, { approved, comment }),
  );
  const { warnings, classroomId, classroomName, ownClassroom, ...request } = answered;
  if (!Array.isArray(warnings)) throw new Error(`reviewRequest: no warnings list in ${JSON.stringify(warnings)}`);
  // The room the lesson then has (issue 55): present on every answer, null unless a change was applied.
  if (classroomId === undefined || classroomName === undefined || ownClassroom === undefined) throw new Error('reviewRequest: no classroomId, classroomName, ownClassroom');
  return request;
}

export async function withdrawRequest(client: TenantClient, id: number): Promise<ChangeRequest> {
  return ok('withdrawRequest', await client.delete(`${CHANGE_REQUESTS_PATH}/${id}`));
}

export async function listRequests(client: TenantClient, status?: ChangeRequestStatus): Promise<ChangeRequest[]> {
  return ok('listRequests', await client.get(status ? `${CHANGE_REQUESTS_PATH}?status=${status}` : CHANGE_REQUESTS_PATH));
}

export async function candidatesOf(client: TenantClient, baseRuleSlotId: number, lessonDate: string, targetDate?: string): Promise<Candidates> {
  const query = new URLSearchParams({ baseRuleSlotId: String(baseRuleSlotId), lessonDate, ...(targetDate ? { targetDate } : {}) });
  return ok('candidatesOf', await client.get(`${CANDIDATES_PATH}?${query.toString()}`));
}

/** Every request and event row, to check that a refused request changed nothing. */
export async function requestRows(t: TestApp, tenant = 'alpha') {
  const [requests, events] = await Promise.all([
    t.sql(tenant, `SELECT * FROM teacher_change_requests ORDER BY id`),
    t.sql(tenant, `SELECT * FROM teacher_change_request_events ORDER BY id`),
  ]);
  return { requests, events };
}

export async function clearRequests(t: TestApp, tenant = 'alpha'): Promise<void> {
  await t.sql(tenant, `DELETE FROM teacher_change_request_events; DELETE FROM teacher_change_requests`);
}

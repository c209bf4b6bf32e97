import { Role, ROLES } from '../../src/platform/auth/roles';
import { signedInAs, unique } from './factories';
import { TenantClient, TestApp } from './test-app';

/** Builders for classrooms, equipment, subjects and teacher-subject links, over the HTTP API. */

export interface EquipmentBody {
  id: number;
  name: string;
}

export interface ClassroomBody {
  id: number;
  name: string;
  capacity: number;
  building: string | null;
  floor: number | null;
  isAvailable: boolean;
  equipments: EquipmentBody[];
}

export interface SubjectBody {
  id: number;
  name: string;
  code: string | null;
  departmentId: number;
}

function created<T>(label: string, response: { status: number; body: unknown }): Promise<T> {
  if (response.status !== 200) return Promise.reject(new Error(`${label}: ${response.status} ${JSON.stringify(response.body)}`));
  return Promise.resolve(response.body as T);
}

export async function createEquipment(admin: TenantClient, name = unique('Оборудование ')): Promise<EquipmentBody> {
  return created('createEquipment', await admin.post('/api/equipments', { name }));
}

export async function createClassroom(admin: TenantClient, fields: Record<string, unknown> = {}): Promise<ClassroomBody> {
  const body = { name: unique('Ауд. '), capacity: 30, building: 'Главный корпус', floor: 1, ...fields };
  return created('createClassroom', await admin.post('/api/classrooms', body));
}

export async function createSubject(admin: TenantClient, departmentId: number, fields: Record<string, unknown> = {}): Promise<SubjectBody> {
  const body = { name: unique('Дисциплина '), code: null, departmentId, ...fields };
  return created('createSubject', await admin.post('/api/subjects', body));
}

export async function linkTeacher(client: TenantClient, userId: number, subjectId: number): Promise<void> {
  await created('linkTeacher', await client.post('/api/teacher-subjects', { userId, subjectId }));
}

/** One signed-in client per role other than ADMIN, all with a primary assignment to `departmentId`. */
export async function clientsByRole(t: TestApp, admin: TenantClient, departmentId: number): Promise<Map<Role, TenantClient>> {
  const clients = new Map<Role, TenantClient>();
  for (const role of ROLES.filter((r) => r !== 'ADMIN')) {
    clients.set(role, (await signedInAs(t, admin, { role, departmentId })).client);
  }
  return clients;
}

/** Adds a department assignment directly (the department workspace API belongs to another area). */
export async function addAssignment(
  t: TestApp,
  assignment: { userId: number; departmentId: number; primary?: boolean; validFrom: string; validTo?: string | null },
): Promise<void> {
  await t.sql(
    'alpha',
    `INSERT INTO user_department_assignments (user_id, department_id, is_primary, valid_from, valid_to) VALUES ($1, $2, $3, $4, $5)`,
    [assignment.userId, assignment.departmentId, assignment.primary ?? false, assignment.validFrom, assignment.validTo ?? null],
  );
}

/**
 * A study group inserted directly, with a specialty, profile and form of its own (the group API
 * belongs to another area; the earlier-revision lessons only need a group id).
 */
export async function insertGroup(t: TestApp, departmentId: number, name = unique('Группа ')): Promise<number> {
  const [row] = await t.sql<{ id: number }>(
    'alpha',
    `WITH specialty AS (INSERT INTO specialties (name, code) VALUES ($2, $2) RETURNING id),
          profile AS (INSERT INTO specialty_profiles (specialty_id, name) SELECT id, 'Без профиля' FROM specialty RETURNING id, specialty_id),
          form AS (INSERT INTO education_forms (name) VALUES ($2) RETURNING id)
     INSERT INTO study_groups (name, group_size, education_form_id, department_id, year_start_study, specialty_id, specialty_profile_id)
     SELECT $2, 25, form.id, $1, 2024, profile.specialty_id, profile.id FROM profile, form
     RETURNING id`,
    [departmentId, name],
  );
  return row.id;
}

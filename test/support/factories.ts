import { Role } from '../../src/platform/auth/roles';
import { TenantClient, TestApp } from './test-app';

/** Builders over the HTTP API (as a real client would create the data) plus shared expectations. */

export const PASSWORD = 'password-123';

let sequence = 0;
/** A value unique within the test run (each test file has its own database). */
export function unique(prefix: string): string {
  sequence++;
  return `${prefix}${sequence}`;
}

export interface DepartmentBody {
  id: number;
  departmentName: string;
  departmentCode: number;
}

export async function createDepartment(admin: TenantClient, fields: Partial<Omit<DepartmentBody, 'id'>> = {}): Promise<DepartmentBody> {
  sequence++;
  const body = { departmentName: `Кафедра ${sequence}`, departmentCode: 1000 + sequence, ...fields };
  const response = await admin.post('/api/departments', body);
  if (response.status !== 200) throw new Error(`createDepartment: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as DepartmentBody;
}

export interface UserBody {
  id: number;
  username: string;
  role: Role;
  fullName: string;
  jobTitle: string;
  departmentId?: number;
  departmentName?: string;
  status: string;
}

export interface NewUserFields {
  role: Role;
  departmentId: number;
  username?: string;
  password?: string;
  fullName?: string;
  jobTitle?: string;
}

/** Creates a user through POST /api/users; the password is PASSWORD unless given. */
export async function createUser(admin: TenantClient, fields: NewUserFields): Promise<UserBody> {
  const username = fields.username ?? unique(fields.role.toLowerCase().replace('_', '-'));
  const body = { password: PASSWORD, fullName: `Сотрудник ${username}`, ...fields, username };
  const response = await admin.post('/api/users', body);
  if (response.status !== 200) throw new Error(`createUser: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as UserBody;
}

/** Creates a user of `role` and returns a client logged in as them. */
export async function signedInAs(t: TestApp, admin: TenantClient, fields: NewUserFields, tenant = 'alpha') {
  const user = await createUser(admin, fields);
  const client = await t.as(tenant).login(user.username, fields.password ?? PASSWORD);
  return { user, client };
}

const LEAK_PATTERNS = [/select /i, /insert /i, /update /i, /constraint/i, /postgres/i, /\bex_|\buq_|\bfk_|\bck_/i, /stack/i];

/** The spec's common error body with a Russian message; no SQL or constraint names. */
export function expectErrorBody(body: Record<string, unknown>, status: number, path: string, message?: string | RegExp): void {
  expect(body).toEqual({
    timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    status,
    error: expect.stringMatching(/[а-яё]/i),
    message: expect.stringMatching(/[а-яё]/i),
    path,
    // Issue 42: the property a refusal concerns travels as data when it concerns one.
    ...(body.field === undefined ? {} : { field: expect.stringMatching(/^[\w.[\]]+$/) }),
    ...(body.fields === undefined ? {} : { fields: expect.arrayContaining([body.field]) }),
  });
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  const text = JSON.stringify(body);
  for (const pattern of LEAK_PATTERNS) expect(text).not.toMatch(pattern);
}

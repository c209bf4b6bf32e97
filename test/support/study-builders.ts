import { createDepartment, DepartmentBody, unique } from './factories';
import { TenantClient } from './test-app';

/** Builders for specialties, education forms, groups and subgroups, over the HTTP API. */

export interface SpecialtyBody {
  id: number;
  specialityName: string;
  specialityCode: string;
}

export interface ProfileBody {
  id: number;
  specialtyId: number;
  name: string;
  description: string | null;
}

export interface EducationFormBody {
  id: number;
  name: string;
}

export interface GroupBody {
  id: number;
  name: string;
  groupSize: number;
  educationFormId: number;
  educationFormName: string;
  departmentId: number;
  yearStartStudy: number;
  course: number;
  semester: number;
  specialtyId: number;
  specialtyCode: string;
  specialtyName: string;
  specialtyProfileId: number;
  specialtyProfileName: string;
  specialityCode: number;
  status: string;
  active: boolean;
  studyState: string;
  studyStateName: string;
}

export interface SubgroupBody {
  id: number;
  groupId: number;
  groupName: string;
  name: string;
  studentCapacity: number;
}

function ok<T>(what: string, response: { status: number; body: unknown }): T {
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as T;
}

export async function createSpecialty(admin: TenantClient, fields: Partial<Omit<SpecialtyBody, 'id'>> = {}): Promise<SpecialtyBody> {
  const code = unique('09.03.');
  const body = { specialityName: `Специальность ${code}`, specialityCode: code, ...fields };
  return ok('createSpecialty', await admin.post('/api/specialties', body));
}

export async function createProfile(admin: TenantClient, specialtyId: number, fields: { name?: string; description?: string | null } = {}) {
  const body = { name: unique('Профиль '), ...fields };
  return ok<ProfileBody>('createProfile', await admin.post(`/api/specialties/${specialtyId}/profiles`, body));
}

export async function profilesOf(admin: TenantClient, specialtyId: number): Promise<ProfileBody[]> {
  return ok('profilesOf', await admin.get(`/api/specialties/${specialtyId}/profiles`));
}

export async function createEducationForm(admin: TenantClient, name = unique('Форма ')): Promise<EducationFormBody> {
  return ok('createEducationForm', await admin.post('/api/education-forms', { name }));
}

/** Everything a group refers to: a department, a form and a specialty with one extra profile. */
export interface StudySetup {
  department: DepartmentBody;
  form: EducationFormBody;
  specialty: SpecialtyBody;
  profile: ProfileBody;
}

export async function createStudySetup(admin: TenantClient, department?: DepartmentBody): Promise<StudySetup> {
  const specialty = await createSpecialty(admin);
  return {
    department: department ?? (await createDepartment(admin)),
    form: await createEducationForm(admin),
    specialty,
    profile: await createProfile(admin, specialty.id),
  };
}

export interface GroupRequestBody {
  name: string;
  groupSize: number;
  educationFormId: number;
  departmentId: number;
  yearStartStudy: number;
  specialtyId: number;
  specialtyProfileId: number;
}

export function groupRequest(setup: StudySetup, fields: Partial<GroupRequestBody> = {}): GroupRequestBody {
  return {
    name: unique('ГР-'),
    groupSize: 25,
    educationFormId: setup.form.id,
    departmentId: setup.department.id,
    yearStartStudy: currentAcademicYear(),
    specialtyId: setup.specialty.id,
    specialtyProfileId: setup.profile.id,
    ...fields,
  };
}

export async function createGroup(client: TenantClient, setup: StudySetup, fields: Partial<GroupRequestBody> = {}): Promise<GroupBody> {
  return ok('createGroup', await client.post('/api/groups', groupRequest(setup, fields)));
}

export async function createSubgroup(client: TenantClient, groupId: number, name: string, studentCapacity: number): Promise<SubgroupBody> {
  return ok('createSubgroup', await client.post(`/api/groups/${groupId}/subgroups`, { name, studentCapacity }));
}

/**
 * The calendar year the current academic year began in (1 September, Moscow time), computed here
 * independently of the service's code.
 */
export function currentAcademicYear(now: Date = new Date()): number {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit' })
    .format(now)
    .split('-')
    .map(Number);
  return month >= 9 ? year : year - 1;
}

/** Whether today (Moscow) falls into an autumn semester (September to January). */
export function isAutumnToday(now: Date = new Date()): boolean {
  const month = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', month: '2-digit' }).format(now));
  return month >= 9 || month === 1;
}

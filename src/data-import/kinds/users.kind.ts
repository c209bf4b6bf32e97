import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { SubmitTeacherRequest, TeacherRequestsService } from '../../teacher-requests';
import { CreateUserRequest, UsersService } from '../../users';
import { AuthUser } from '../../platform/auth/auth-user';
import { ownDepartment } from '../../platform/auth/department-scope';
import { Role, ROLES } from '../../platform/auth/roles';
import { Column, headerOf, ImportRow, intCell, nameKey, RowRefusal } from '../columns';
import { ImportKind, ImportOptions, KindRun, UnitOutcome } from '../import-kind';
import { DepartmentRow, ImportLookups, UserRow } from '../lookups.repository';
import { validRequest } from '../row-validation';

const COLUMNS: Column[] = [
  { field: 'username', header: 'Логин', example: 'ivanov', required: true },
  { field: 'fullName', header: 'ФИО', example: 'Иванов Иван Иванович', required: true },
  { field: 'role', header: 'Роль', example: 'Преподаватель', note: 'Преподаватель, Администратор, Учебный отдел, Кафедра, Просмотр расписания, Студент (или TEACHER, ADMIN, …); пусто — преподаватель' },
  { field: 'jobTitle', header: 'Должность', example: 'Доцент' },
  { field: 'departmentCode', header: 'Код кафедры', example: 101, note: 'Основная кафедра; для роли «Кафедра» не указывается — всегда своя' },
];

const ROLE_NAMES: Record<string, Role> = {
  преподаватель: 'TEACHER',
  администратор: 'ADMIN',
  'учебный отдел': 'EDUCATION_OFFICE',
  кафедра: 'DEPARTMENT',
  'просмотр расписания': 'SCHEDULE_VIEWER',
  студент: 'STUDENT',
};

// Letters and digits that cannot be mistaken for one another when read aloud or retyped.
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random one-time password (about 70 bits) for a new user's first sign-in. */
export function oneTimePassword(): string {
  let password = '';
  for (let i = 0; i < 12; i++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}

function roleOf(row: ImportRow): string {
  const text = (row.values.role ?? '').trim();
  if (text === '') return 'TEACHER';
  const upper = text.toUpperCase();
  if ((ROLES as readonly string[]).includes(upper)) return upper;
  return ROLE_NAMES[text.toLowerCase().replace(/ё/g, 'е')] ?? text;
}

/**
 * Users by their login. ADMIN creates accounts (never from a password in the file: each new user gets a
 * one-time password, shown once in the report); a known login with the same data is unchanged, with other
 * data refused, since accounts change through their own operations (transfer, archive). DEPARTMENT
 * submits teacher-creation requests (4.17) for its own department instead.
 */
@Injectable()
export class UsersKind implements ImportKind {
  readonly name = 'users' as const;
  readonly columns = COLUMNS;
  readonly roles = ['ADMIN', 'DEPARTMENT'] as const;

  constructor(
    private readonly lookups: ImportLookups,
    private readonly users: UsersService,
    private readonly requests: TeacherRequestsService,
  ) {}

  async start(options: ImportOptions): Promise<KindRun> {
    const users = new Map((await this.lookups.users()).map((user) => [nameKey(user.username), user]));
    const departments = new Map((await this.lookups.departments()).map((department) => [department.code, department]));
    const key = (unit: { rows: ImportRow[] }) => `user:${nameKey(unit.rows[0].values.username ?? '')}`;
    if (options.caller.role === 'DEPARTMENT') {
      const pending = await this.lookups.pendingRequestUsernames();
      return { key, apply: (unit) => this.submit(options.caller, unit.rows[0], users, pending) };
    }
    return { key, apply: (unit) => this.create(options.caller, unit.rows[0], users, departments) };
  }

  private async create(caller: AuthUser, row: ImportRow, users: Map<string, UserRow>, departments: Map<number, DepartmentRow>): Promise<UnitOutcome> {
    const code = intCell(row, COLUMNS, 'departmentCode');
    const department = code === undefined ? undefined : departments.get(code);
    if (code === undefined) throw new RowRefusal(headerOf(COLUMNS, 'departmentCode'), 'Укажите код основной кафедры пользователя');
    if (!department) throw new RowRefusal(headerOf(COLUMNS, 'departmentCode'), `Кафедра с кодом ${code} не найдена`);
    const password = oneTimePassword();
    const request = await validRequest(
      CreateUserRequest,
      { username: row.values.username, fullName: row.values.fullName, jobTitle: row.values.jobTitle || undefined, role: roleOf(row), departmentId: department.id, password },
      (property) => (property === 'departmentId' ? headerOf(COLUMNS, 'departmentCode') : headerOf(COLUMNS, property)),
    );
    const stored = users.get(nameKey(request.username));
    if (stored) return unchangedUser(stored, request, department);
    await this.users.create(caller, request);
    return { status: 'CREATED', credential: { username: request.username, oneTimePassword: password } };
  }

  private async submit(caller: AuthUser, row: ImportRow, users: Map<string, UserRow>, pending: Set<string>): Promise<UnitOutcome> {
    const role = roleOf(row);
    if (role !== 'TEACHER') throw new RowRefusal(headerOf(COLUMNS, 'role'), 'Кафедра может запросить создание только преподавателей');
    const request = await validRequest(
      SubmitTeacherRequest,
      { username: row.values.username, fullName: row.values.fullName, jobTitle: row.values.jobTitle || undefined, comment: 'Импорт из файла' },
      (property) => headerOf(COLUMNS, property),
    );
    const stored = users.get(nameKey(request.username));
    if (stored && stored.departmentId === ownDepartment(caller) && stored.role === 'TEACHER') {
      return { status: 'UNCHANGED', message: 'Преподаватель уже работает на кафедре' };
    }
    if (pending.has(nameKey(request.username))) return { status: 'UNCHANGED', message: 'Заявка на этого преподавателя уже ждёт решения администратора' };
    await this.requests.submit(caller, request);
    return { status: 'CREATED', message: 'Заявка на создание преподавателя отправлена администратору' };
  }
}

function unchangedUser(stored: UserRow, request: CreateUserRequest, department: DepartmentRow): UnitOutcome {
  const differences: string[] = [];
  if (stored.fullName !== request.fullName) differences.push(headerOf(COLUMNS, 'fullName'));
  if (stored.role !== request.role) differences.push(headerOf(COLUMNS, 'role'));
  if ((stored.jobTitle ?? '') !== (request.jobTitle ?? '')) differences.push(headerOf(COLUMNS, 'jobTitle'));
  if (stored.departmentId !== department.id) differences.push(headerOf(COLUMNS, 'departmentCode'));
  if (differences.length === 0) return { status: 'UNCHANGED' };
  throw new RowRefusal(
    differences[0],
    `Пользователь «${stored.username}» уже существует, и у него другие данные (${differences.join(', ')}): импорт учётные записи не меняет — ` +
      'перевод на другую кафедру и архив выполняются в карточке пользователя',
  );
}

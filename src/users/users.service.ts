import { Injectable } from '@nestjs/common';
import { Departments } from '../departments';
import { AuthUser } from '../platform/auth/auth-user';
import { PasswordHasher } from '../platform/auth/password-hasher';
import { Passwords } from '../platform/auth/passwords';
import { RefreshTokens } from '../platform/auth/refresh-tokens';
import { TenantDb } from '../platform/database/tenant-db';
import { BadRequestError, ConflictError, NotFoundError } from '../platform/http/app-error';
import { EndedRulesField, endedRulesField, RulesOfArchived } from '../platform/rules-of-archived';
import { todayInBusinessZone } from '../platform/http/dates';
import { Page, toPage } from '../platform/http/paging';
import { AssignmentsRepository } from './assignments.repository';
import { CreatedUserResponse, CreateUserRequest, UpdateUserRequest, UserResponse } from './dto/user.dto';
import { PlacementGroup, StudentPlacement } from './student-placement';
import { UserPageQuery } from './dto/user-queries.dto';
import { toUserResponse } from './user-rows';
import { UsersRepository } from './users.repository';

export const USER_NOT_FOUND = 'Пользователь не найден';
export const DEPARTMENT_MISSING = 'Кафедра не найдена';

/** User administration (ADMIN): lists, creation, archive and restore. */
@Injectable()
export class UsersService {
  constructor(
    private readonly db: TenantDb,
    private readonly users: UsersRepository,
    private readonly assignments: AssignmentsRepository,
    private readonly departments: Departments,
    private readonly hasher: PasswordHasher,
    private readonly refreshTokens: RefreshTokens,
    private readonly passwords: Passwords,
    private readonly placement: StudentPlacement,
    private readonly rulesOfArchived: RulesOfArchived,
  ) {}

  async listActive(): Promise<UserResponse[]> {
    return (await this.users.listActive()).map(toUserResponse);
  }

  async page(query: UserPageQuery): Promise<Page<UserResponse>> {
    const page = query.page ?? 0;
    const size = query.size ?? 25;
    const { rows, total } = await this.users.page(
      { query: query.query || undefined, role: query.role, departmentId: query.departmentId, includeArchived: query.includeArchived ?? false },
      { sort: query.sort ?? 'fullName', direction: query.direction ?? 'asc' },
      page * size,
      size,
    );
    return toPage(rows.map(toUserResponse), total, page, size);
  }

  /**
   * Creates an active user with a primary assignment to the department from today, open-ended. A
   * STUDENT may be placed in a group at once (`groupId`); the department is then the group's unless
   * given, and a different one is refused.
   */
  async create(caller: AuthUser, request: CreateUserRequest): Promise<CreatedUserResponse> {
    if (request.groupId !== undefined && request.role !== 'STUDENT') throw new BadRequestError('Группу можно указать только студенту').at('groupId');
    if (request.groupId === undefined && request.departmentId === undefined) throw new BadRequestError('Поле «departmentId» обязательно').at('departmentId');
    if (await this.users.usernameTaken(request.username)) throw new ConflictError('Пользователь с таким логином уже существует').at('username');
    if (request.departmentId !== undefined && !(await this.departments.findById(request.departmentId))) throw new BadRequestError(DEPARTMENT_MISSING).at('departmentId');
    // Hashing takes tens of milliseconds: do it before the transaction, not while holding locks.
    const passwordHash = await this.hasher.hash(request.password);

    const { id, group } = await this.db.transaction(async () => {
      // Held until commit: the group cannot be archived or moved to another department meanwhile.
      const group: PlacementGroup | undefined = request.groupId === undefined ? undefined : await this.placement.lockGroup(request.groupId);
      const departmentId = request.departmentId ?? (group as PlacementGroup).departmentId;
      if (group && departmentId !== group.departmentId) {
        throw new BadRequestError(`Группа ${group.name} относится к другой кафедре: укажите её кафедру или не указывайте кафедру`).at('departmentId');
      }
      if (!(await this.departments.lockForReference(departmentId))) throw new BadRequestError(DEPARTMENT_MISSING).at('departmentId');
      const userId = await this.users.insert({
        username: request.username,
        passwordHash,
        role: request.role,
        fullName: request.fullName,
        jobTitle: request.jobTitle ?? '',
      });
      await this.assignments.insert({
        userId,
        departmentId,
        isPrimary: true,
        validFrom: todayInBusinessZone(),
        comment: null,
        createdBy: caller.userId,
      });
      if (group) await this.placement.place(userId, group.id);
      return { id: userId, group };
    });
    const user = await this.get(id);
    return group ? { ...user, groupId: group.id, groupName: group.name } : user;
  }

  /**
   * Archives the user and ends their sessions; archiving an archived user changes nothing. A teacher's slots in the schedule rules end from `effectiveFrom` (tomorrow by default), their past kept (issue 53).
   */
  async archive(caller: AuthUser, id: number, effectiveFrom?: string): Promise<UserResponse & EndedRulesField> {
    if (id === caller.userId) throw new BadRequestError('Нельзя архивировать собственную учётную запись');
    if (!(await this.users.statusOf(id))) throw new NotFoundError(USER_NOT_FOUND);
    const endedRules = await this.rulesOfArchived.end({ kind: 'TEACHER', id }, effectiveFrom);
    await this.users.archive(id);
    // After the status change: a refresh racing with us either is revoked here or finds the user archived.
    await this.refreshTokens.revokeAllOf(id);
    return { ...(await this.get(id)), ...endedRulesField(endedRules) };
  }

  async restore(id: number): Promise<UserResponse> {
    if (!(await this.users.statusOf(id))) throw new NotFoundError(USER_NOT_FOUND);
    await this.users.restore(id);
    return this.get(id);
  }

  /**
   * An administrator sets another user's password (the user forgot theirs): every session of that
   * user ends at its next refresh, and the reset is audited. The administrator's own password needs
   * the current one, through the self-service change.
   */
  async resetPassword(caller: AuthUser, id: number, newPassword: string): Promise<UserResponse> {
    if (id === caller.userId) {
      throw new BadRequestError('Собственный пароль меняется с указанием текущего: POST /api/auth/password');
    }
    if (!(await this.users.statusOf(id))) throw new NotFoundError(USER_NOT_FOUND);
    if (!(await this.passwords.replace({ userId: id, actorId: caller.userId, kind: 'RESET', newPassword }))) {
      throw new NotFoundError(USER_NOT_FOUND);
    }
    return this.get(id);
  }

  /**
   * The user card's full name, job title and role (issue 45 §8). One's own role is not changed here
   * (the last administrator could lock everyone out), nor a teacher's (their rules, lessons and
   * workload name them as a teacher) or anyone's into a teacher's (a teacher comes with a department
   * link the card does not make: the teacher-creation request does). A role change ends the user's
   * sessions: their tokens carry the old role.
   */
  async update(caller: AuthUser, id: number, request: UpdateUserRequest): Promise<UserResponse> {
    const roleChanged = await this.db.transaction(async () => {
      const current = await this.users.lock(id);
      if (!current) throw new NotFoundError(USER_NOT_FOUND);
      if (current.role !== request.role) {
        if (id === caller.userId) throw new BadRequestError('Свою роль изменить нельзя: это делает другой администратор').at('role');
        if (current.role === 'TEACHER') throw new BadRequestError('Роль преподавателя не меняется: его занятия и нагрузка в расписании записаны за преподавателем').at('role');
        if (request.role === 'TEACHER') throw new BadRequestError('Преподаватель создаётся по заявке кафедры или как новый пользователь с ролью «преподаватель»').at('role');
      }
      await this.users.update(id, { fullName: request.fullName, jobTitle: request.jobTitle ?? '', role: request.role });
      return current.role !== request.role;
    });
    if (roleChanged) await this.refreshTokens.revokeAllOf(id);
    return this.get(id);
  }

  /** Sets or removes (null) a user's e-mail address for notifications; answers the user. */
  async setEmail(id: number, email: string | null): Promise<UserResponse> {
    if (!(await this.users.setEmail(id, email))) throw new NotFoundError(USER_NOT_FOUND);
    return this.get(id);
  }

  async get(id: number): Promise<UserResponse> {
    const row = await this.users.findRow(id);
    if (!row) throw new NotFoundError(USER_NOT_FOUND);
    return toUserResponse(row);
  }
}

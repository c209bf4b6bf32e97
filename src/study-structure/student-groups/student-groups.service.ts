import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../platform/auth/auth-user';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError } from '../../platform/http/app-error';
import { UsersService } from '../../users';
import { GroupPlacement } from './group-placement';
import { StudentGroupResponse } from './student-group.dto';
import { StudentGroupsRepository } from './student-groups.repository';

const NONE: StudentGroupResponse = { groupId: null, groupName: null };

/**
 * The group a student's account belongs to (issue 45 §6): the student's page opens on it. Only a
 * STUDENT has one; the administrator sets it on the user's card.
 */
@Injectable()
export class StudentGroupsService {
  constructor(
    private readonly db: TenantDb,
    private readonly students: StudentGroupsRepository,
    private readonly placement: GroupPlacement,
    private readonly users: UsersService,
  ) {}

  /** The caller's own group; none for a role other than STUDENT. */
  async own(caller: AuthUser): Promise<StudentGroupResponse> {
    if (caller.role !== 'STUDENT') return NONE;
    return (await this.students.groupOf(caller.userId)) ?? NONE;
  }

  /** A user's group (404 for an unknown user). */
  async of(userId: number): Promise<StudentGroupResponse> {
    const user = await this.users.get(userId);
    if (user.role !== 'STUDENT') return NONE;
    return (await this.students.groupOf(userId)) ?? NONE;
  }

  /** Sets (or removes, null) a student's group: the group must exist and be active. */
  async set(userId: number, groupId: number | null): Promise<StudentGroupResponse> {
    const user = await this.users.get(userId);
    if (groupId === null) {
      await this.students.remove(userId);
      return NONE;
    }
    if (user.role !== 'STUDENT') throw new BadRequestError('Группу можно указать только студенту').at('groupId');
    await this.db.transaction(async () => {
      await this.placement.lockGroup(groupId);
      await this.placement.place(userId, groupId);
    });
    return this.of(userId);
  }
}

import { Injectable, Module } from '@nestjs/common';
import { BadRequestError } from '../../platform/http/app-error';
import { PlacementGroup, StudentPlacement } from '../../users';
import { GroupsRepository } from '../groups/groups.repository';
import { StudentGroupsRepository } from './student-groups.repository';

/**
 * Placing a student in a group: the group must exist and be active, and is held (FOR UPDATE) until
 * the caller's transaction commits, so it cannot be archived in between. Used by the user card's
 * `PUT /api/users/{id}/group` and, through the users' port, by `POST /api/users`.
 */
@Injectable()
export class GroupPlacement implements StudentPlacement {
  constructor(
    private readonly groups: GroupsRepository,
    private readonly students: StudentGroupsRepository,
  ) {}

  async lockGroup(groupId: number): Promise<PlacementGroup> {
    const group = await this.groups.lockForChange(groupId);
    if (!group) throw new BadRequestError('Группа не найдена').at('groupId');
    if (group.status !== 'ACTIVE') throw new BadRequestError(`Группа ${group.name} в архиве`).at('groupId');
    return { id: group.id, name: group.name, departmentId: group.departmentId };
  }

  place(userId: number, groupId: number): Promise<void> {
    return this.students.set(userId, groupId);
  }
}

/** Binds the users' `StudentPlacement` port (see `StudentPlacementModule.bind` in the app module). */
@Module({
  providers: [GroupsRepository, StudentGroupsRepository, GroupPlacement, { provide: StudentPlacement, useExisting: GroupPlacement }],
  exports: [StudentPlacement],
})
export class GroupPlacementModule {}

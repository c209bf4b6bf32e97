import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../platform/auth/auth-user';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/app-error';
import { GroupsRepository, LockedGroup } from '../groups/groups.repository';
import { departmentScope } from '../../platform/auth/department-scope';
import { ensureGroupInScope, GROUP_NOT_FOUND } from '../shared/scope';
import { plural } from '../../platform/http/russian';
import { DIVISION_COUNTS, planDivision, PlannedSubgroup } from './division';
import { DivisionRequest, SubgroupListQuery, SubgroupRequest, SubgroupResponse } from './dto/subgroup.dto';
import { SubgroupUsage } from './subgroup-usage';
import { SubgroupRow, SubgroupsRepository } from './subgroups.repository';

export const SUBGROUP_NOT_FOUND = 'Подгруппа не найдена';
const NAME_TAKEN = 'В группе уже есть подгруппа с таким названием';
const CHANGE_DIVISION = 'чтобы изменить число подгрупп, смените режим деления группы (без деления, две или три подгруппы)';

function toResponse(row: SubgroupRow): SubgroupResponse {
  return { id: row.id, groupId: row.groupId, groupName: row.groupName, name: row.name, studentCapacity: row.studentCapacity };
}

/** «из N студентов»: always used after «из», so genitive (из 21 студента, из 25 студентов). */
function ofStudents(count: number): string {
  return `из ${count} ${plural(count, 'студента', 'студентов', 'студентов')}`;
}

/**
 * Laboratory subgroups. Invariant: the capacities of a group's subgroups add up to at most its size.
 * Every change locks the group row first (as group updates do), so concurrent changes cannot break it.
 * ADMIN and EDUCATION_OFFICE manage any group's subgroups, DEPARTMENT those of its own groups.
 */
@Injectable()
export class SubgroupsService {
  constructor(
    private readonly db: TenantDb,
    private readonly subgroups: SubgroupsRepository,
    private readonly groups: GroupsRepository,
    private readonly usage: SubgroupUsage,
  ) {}

  /** Subgroups of the given groups, or of all; a DEPARTMENT caller gets only those of its own groups. */
  async list(caller: AuthUser, query: SubgroupListQuery): Promise<SubgroupResponse[]> {
    return (await this.subgroups.list(query.groupId, departmentScope(caller))).map(toResponse);
  }

  async ofGroup(caller: AuthUser, groupId: number): Promise<SubgroupResponse[]> {
    const group = await this.groups.findGroup(groupId);
    if (!group) throw new NotFoundError(GROUP_NOT_FOUND);
    ensureGroupInScope(caller, group.departmentId);
    return (await this.subgroups.ofGroup(groupId)).map(toResponse);
  }

  async create(caller: AuthUser, groupId: number, request: SubgroupRequest): Promise<SubgroupResponse> {
    return this.db.transaction(async () => {
      const group = await this.lockGroup(caller, groupId);
      if (await this.subgroups.nameTaken(groupId, request.name)) throw new ConflictError(NAME_TAKEN).at('name');
      await this.ensureFits(group, request.studentCapacity);
      const id = await this.subgroups.insert(groupId, subgroupOf(request));
      return toResponse((await this.subgroups.find(groupId, id))!);
    });
  }

  async update(caller: AuthUser, groupId: number, id: number, request: SubgroupRequest): Promise<SubgroupResponse> {
    return this.db.transaction(async () => {
      const group = await this.lockGroup(caller, groupId);
      if (!(await this.subgroups.find(groupId, id))) throw new NotFoundError(SUBGROUP_NOT_FOUND);
      if (await this.subgroups.nameTaken(groupId, request.name, id)) throw new ConflictError(NAME_TAKEN).at('name');
      await this.ensureFits(group, request.studentCapacity, id);
      await this.subgroups.update(id, subgroupOf(request));
      return toResponse((await this.subgroups.find(groupId, id))!);
    });
  }

  /**
   * Deletes a subgroup the schedule does not use, and only when the rest still cover the whole group
   * (or none is left). Under the capacity invariant that means only the last subgroup can go this way;
   * otherwise the division mode changes the number of subgroups.
   */
  async remove(caller: AuthUser, groupId: number, id: number): Promise<SubgroupResponse> {
    return this.db.transaction(async () => {
      const group = await this.lockGroup(caller, groupId);
      const subgroup = await this.subgroups.find(groupId, id);
      if (!subgroup) throw new NotFoundError(SUBGROUP_NOT_FOUND);
      if ((await this.usage.usedAmong([id])).size > 0) {
        throw new BadRequestError(`Подгруппу «${subgroup.name}» нельзя удалить: она используется в расписании`);
      }
      const others = (await this.subgroups.ofGroup(groupId)).filter((other) => other.id !== id);
      const remaining = others.reduce((sum, other) => sum + other.studentCapacity, 0);
      if (others.length > 0 && remaining < group.groupSize) {
        throw new BadRequestError(
          `Подгруппу «${subgroup.name}» нельзя удалить: оставшиеся подгруппы вмещают ${remaining} ${ofStudents(group.groupSize)} группы; ${CHANGE_DIVISION}`,
        );
      }
      await this.subgroups.delete([id]);
      return toResponse(subgroup);
    });
  }

  /** Replaces all subgroups of the group by an even division (NONE: no subgroups); none may be in use. */
  async divide(caller: AuthUser, groupId: number, request: DivisionRequest): Promise<SubgroupResponse[]> {
    return this.db.transaction(async () => {
      const group = await this.lockGroup(caller, groupId);
      const count = DIVISION_COUNTS[request.mode];
      const plan = planDivision(group.groupSize, count);
      if (!plan) {
        throw new BadRequestError(`Группу ${ofStudents(group.groupSize)} нельзя разделить на ${count} ${plural(count, 'подгруппу', 'подгруппы', 'подгрупп')}`);
      }
      const existing = await this.subgroups.ofGroup(groupId);
      const existingIds = existing.map((subgroup) => subgroup.id);
      const used = await this.usage.usedAmong(existingIds);
      if (used.size > 0) {
        const names = existing.filter((subgroup) => used.has(subgroup.id)).map((subgroup) => `«${subgroup.name}»`);
        throw new BadRequestError(`Нельзя изменить деление группы: подгруппы ${names.join(', ')} используются в расписании`);
      }
      await this.subgroups.delete(existingIds);
      for (const subgroup of plan) await this.subgroups.insert(groupId, subgroup);
      return (await this.subgroups.ofGroup(groupId)).map(toResponse);
    });
  }

  private async lockGroup(caller: AuthUser, groupId: number): Promise<LockedGroup> {
    const group = await this.groups.lockForChange(groupId);
    if (!group) throw new NotFoundError(GROUP_NOT_FOUND);
    ensureGroupInScope(caller, group.departmentId);
    return group;
  }

  /** The other subgroups plus this capacity must fit into the group. */
  private async ensureFits(group: LockedGroup, capacity: number, exceptId?: number): Promise<void> {
    const others = await this.subgroups.totalCapacity(group.id, exceptId);
    if (others + capacity > group.groupSize) {
      throw new BadRequestError(
        `Подгруппы не помещаются в группу: сумма вместимостей (${others + capacity}) превысит размер группы (${group.groupSize}); свободно мест: ${Math.max(0, group.groupSize - others)}`,
      ).at('studentCapacity');
    }
  }
}

function subgroupOf(request: SubgroupRequest): PlannedSubgroup {
  return { name: request.name, studentCapacity: request.studentCapacity };
}

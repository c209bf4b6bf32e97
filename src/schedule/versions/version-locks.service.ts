import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../platform/auth/auth-user';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/app-error';
import { HeldRules, VersionLocks, VersionLocksDto } from '../core';
import { VERSION_NOT_FOUND } from './access';
import { VersionLocksRequest } from './dto/version-locks.dto';
import { ScheduleVersionsRepository } from './schedule-versions.repository';
import { LockKind, StoredLocks, VersionLocksRepository } from './version-locks.repository';

const NOUNS: Record<LockKind, string> = {
  ruleIds: 'правил этой версии (действующих)',
  groupIds: 'групп',
  teacherIds: 'преподавателей',
  classroomIds: 'аудиторий',
  departmentIds: 'кафедр',
};
const KINDS = Object.keys(NOUNS) as LockKind[];

/**
 * The office's locks (issue 54 §1): rules, groups, teachers, rooms and departments whose rules the
 * solver keeps where they are. Stored per version; editable on a draft and on the publication (they
 * bind only the solver, not the timetable), read-only in the archive. Bound as the core's
 * `VersionLocks` port, so a job takes its source's locks without knowing this feature.
 */
@Injectable()
export class VersionLocksService extends VersionLocks {
  constructor(
    private readonly db: TenantDb,
    private readonly versions: ScheduleVersionsRepository,
    private readonly locks: VersionLocksRepository,
  ) {
    super();
  }

  async get(versionId: number): Promise<VersionLocksDto> {
    if (!(await this.versions.state(versionId))) throw new NotFoundError(VERSION_NOT_FOUND);
    return this.held(versionId);
  }

  async held(versionId: number): Promise<HeldRules> {
    const stored = await this.locks.of(versionId);
    return { ...stored, heldRuleIds: await this.locks.held(versionId, stored) };
  }

  /** Replaces the version's locks: every id must name something (400 at its list), an archived version is read-only (409). */
  async put(caller: AuthUser, versionId: number, request: VersionLocksRequest): Promise<VersionLocksDto> {
    const locks = Object.fromEntries(KINDS.map((kind) => [kind, [...new Set(request[kind] ?? [])].sort((a, b) => a - b)])) as unknown as StoredLocks;
    await this.db.transaction(async () => {
      // The version's row is held until commit, so a publication archiving it meanwhile waits or is seen.
      const version = await this.versions.stateForShare(versionId);
      if (!version) throw new NotFoundError(VERSION_NOT_FOUND);
      if (version.status === 'ARCHIVED') {
        throw new ConflictError(`Версия №${version.versionNumber} «${version.name}» в архиве и доступна только для чтения: её закрепления не меняются`);
      }
      const unknown = await this.locks.unknown(versionId, locks);
      for (const kind of KINDS) {
        if (unknown[kind].length > 0) {
          throw new BadRequestError(`Закрепить можно только существующие объекты; нет таких ${NOUNS[kind]}: ${unknown[kind].slice(0, 10).map((id) => `№${id}`).join(', ')}`).at(kind);
        }
      }
      await this.locks.save(versionId, locks, caller.userId);
    });
    return this.held(versionId);
  }
}

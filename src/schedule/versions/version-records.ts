import { Injectable } from '@nestjs/common';
import { UserNames } from '../../users';
import { VersionEventResponse, VersionResponse } from './dto/version-response.dto';
import { ScheduleVersionsRepository, StoredVersion } from './schedule-versions.repository';

/**
 * Versions and their history as the API answers them: the stored rows with the names of their
 * authors and actors, asked of `users` once per answer (issue 42: its names through its index).
 */
@Injectable()
export class VersionRecords {
  constructor(
    private readonly versions: ScheduleVersionsRepository,
    private readonly users: UserNames,
  ) {}

  /** Versions of a semester, newest (highest number) first. */
  async listOfSemester(semesterId: number): Promise<VersionResponse[]> {
    const rows = await this.versions.listOfSemester(semesterId);
    const names = await this.users.names(rows.flatMap((row) => authorsOf(row)));
    return rows.map((row) => named(row, names));
  }

  async record(id: number): Promise<VersionResponse | undefined> {
    const row = await this.versions.record(id);
    if (!row) return undefined;
    return named(row, await this.users.names(authorsOf(row)));
  }

  /** The chronology of a semester's versions, oldest first. */
  async history(semesterId: number): Promise<VersionEventResponse[]> {
    const rows = await this.versions.history(semesterId);
    const names = await this.users.names(rows.flatMap((row) => (row.actorId === null ? [] : [row.actorId])));
    return rows.map((row) => ({
      id: row.id,
      semesterId: row.semesterId,
      versionId: row.versionId,
      versionNumber: row.versionNumber,
      versionName: row.versionName,
      eventType: row.eventType,
      reason: row.reason,
      actorId: row.actorId,
      actorName: nameOf(names, row.actorId),
      createdAt: row.createdAt,
    }));
  }
}

function authorsOf(row: StoredVersion): number[] {
  return [row.createdById, row.publishedById].filter((id): id is number => id !== null);
}

/** A user's name, or null for no user (a nullable author, or one no longer there). */
function nameOf(names: Map<number, string>, id: number | null): string | null {
  return id === null ? null : (names.get(id) ?? null);
}

/** The answer's fields in the order the API has always sent them. */
function named(row: StoredVersion, names: Map<number, string>): VersionResponse {
  return {
    id: row.id,
    semesterId: row.semesterId,
    versionNumber: row.versionNumber,
    name: row.name,
    status: row.status,
    versionGroupId: row.versionGroupId,
    basedOnVersionId: row.basedOnVersionId,
    ruleCount: row.ruleCount,
    createdById: row.createdById,
    createdByName: nameOf(names, row.createdById),
    createdAt: row.createdAt,
    publishedAt: row.publishedAt,
    publishedById: row.publishedById,
    publishedByName: nameOf(names, row.publishedById),
    archivedAt: row.archivedAt,
    solverFromDate: row.solverFromDate,
  };
}

import { Injectable } from '@nestjs/common';
import { int, oneOf, rowShape, RowType } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';

/**
 * Class of the advisory locks that serialize every change of one semester's schedule (rules,
 * overrides, versions, and later absences and change requests); the second key is the semester id.
 */
export const SEMESTER_SCHEDULE_LOCK = 4909;

export const VERSION_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

const LOCKED_VERSION = rowShape({ id: int, semesterId: int, status: oneOf(...VERSION_STATUSES) });

/** The columns of a version row that decide whether its schedule may change. */
export type LockedVersion = RowType<typeof LOCKED_VERSION>;

/**
 * The open transaction of a semester write and the row locks every schedule write needs. Every
 * `TenantDb` call inside it (the feature's writes, the core's loaders) joins the transaction.
 */
export class ScheduleTx {
  constructor(
    readonly semesterId: number,
    private readonly db: TenantDb,
  ) {}

  /** The version, share-locked until commit so that it cannot be published or archived meanwhile. */
  async lockVersion(versionId: number): Promise<LockedVersion | undefined> {
    const [row] = await this.db.rows(
      LOCKED_VERSION,
      `SELECT id, semester_id AS "semesterId", status FROM schedule_versions WHERE id = $1 FOR SHARE`,
      [versionId],
    );
    return row;
  }
}

/**
 * The one way a schedule change is written: one transaction (READ COMMITTED) that first takes the
 * semester's advisory lock, so changes of one semester are checked and saved one at a time and a
 * check and its write see the same state; any error rolls everything back.
 */
@Injectable()
export class SemesterWriteUnit {
  constructor(private readonly db: TenantDb) {}

  run<T>(semesterId: number, work: (tx: ScheduleTx) => Promise<T>): Promise<T> {
    return this.db.transaction(async () => {
      await this.db.execute(`SELECT pg_advisory_xact_lock($1, $2)`, [SEMESTER_SCHEDULE_LOCK, semesterId]);
      return work(new ScheduleTx(semesterId, this.db));
    });
  }

  /** `run` for a write large by nature (a version copy, publication, restore, the solver's result): the long statement budget. */
  runLong<T>(semesterId: number, work: (tx: ScheduleTx) => Promise<T>): Promise<T> {
    return this.db.longTransaction(async () => {
      await this.db.execute(`SELECT pg_advisory_xact_lock($1, $2)`, [SEMESTER_SCHEDULE_LOCK, semesterId]);
      return work(new ScheduleTx(semesterId, this.db));
    });
  }

  /**
   * One transaction holding the locks of several semesters (a change of teacher availability that
   * spans them), taken in ascending id order so two such writes never deadlock.
   */
  runAcross<T>(semesterIds: readonly number[], work: () => Promise<T>): Promise<T> {
    return this.db.transaction(async () => {
      for (const semesterId of [...new Set(semesterIds)].sort((a, b) => a - b)) {
        await this.db.execute(`SELECT pg_advisory_xact_lock($1, $2)`, [SEMESTER_SCHEDULE_LOCK, semesterId]);
      }
      return work();
    });
  }
}

import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { bool, COUNT_ROW, ID_ROW, int, nullable, oneOf, rowShape, RowType, text, timestamp } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { VERSION_EVENT_TYPES, VERSION_STATUSES, VersionEventType } from './dto/version-response.dto';

defineConstraintMessages({
  fk_schedule_rules_lineage: 'Исходное правило копии не найдено',
  ck_schedule_rules_lineage_not_self: 'Правило не может быть копией самого себя',
  fk_schedule_versions_based_on: 'Исходная версия расписания не найдена',
  ck_schedule_versions_name_not_blank: 'Название версии расписания не может быть пустым',
  ck_schedule_versions_status: 'Статус версии расписания должен быть DRAFT, PUBLISHED или ARCHIVED',
  fk_schedule_version_events_semester: 'Семестр не найден или удалён',
  fk_schedule_version_events_version: 'Версия расписания не найдена или удалена',
  ck_schedule_version_events_type: 'Тип события версии должен быть CREATE, PUBLISH, ARCHIVE или RESTORE',
});

export interface NewVersion {
  semesterId: number;
  name: string;
  /** null: a new version group. */
  versionGroupId: number | null;
  basedOnVersionId: number | null;
  /** null: written by the system for a user who no longer exists (a solver job's author). */
  authorId: number | null;
}

/** Where a copied slot goes; all null: unplaced. */
export interface PlacedSlot {
  slotId: number;
  dayOfWeek: number | null;
  timeSlotId: number | null;
  classroomId: number | null;
}

export interface VersionEvent {
  semesterId: number;
  versionId: number;
  eventType: VersionEventType;
  reason: string | null;
  actorId: number | null;
}

const STATE_COLUMNS = `v.id, v.semester_id AS "semesterId", v.version_number AS "versionNumber", v.name, v.status,
  v.version_group_id AS "versionGroupId", v.published_at AS "publishedAt"`;
const VERSION_STATE = rowShape({
  id: int,
  semesterId: int,
  versionNumber: int,
  name: text,
  status: oneOf(...VERSION_STATUSES),
  versionGroupId: int,
  publishedAt: nullable(timestamp),
});

/** The columns that decide version transitions. */
export type VersionState = RowType<typeof VERSION_STATE>;

/** A version as stored; its authors' names come from `UserNames` (see `VersionRecords`). */
const RECORD_SELECT = `
  SELECT v.id, v.semester_id AS "semesterId", v.version_number AS "versionNumber", v.name, v.status,
         v.version_group_id AS "versionGroupId", v.based_on_version_id AS "basedOnVersionId",
         (SELECT count(*)::int FROM schedule_rules r WHERE r.schedule_version_id = v.id AND r.status = 'ACTIVE') AS "ruleCount",
         v.created_by AS "createdById", v.created_at AS "createdAt",
         v.published_at AS "publishedAt", v.published_by AS "publishedById", v.archived_at AS "archivedAt",
         to_char(v.solver_from_date, 'YYYY-MM-DD') AS "solverFromDate"
    FROM schedule_versions v`;
const RECORD = rowShape({
  ...VERSION_STATE.columns,
  basedOnVersionId: nullable(int),
  ruleCount: int,
  // created_by and published_by are nullable.
  createdById: nullable(int),
  createdAt: timestamp,
  publishedById: nullable(int),
  archivedAt: nullable(timestamp),
  solverFromDate: nullable(text),
});

/** A version as stored, without its authors' names. */
export type StoredVersion = RowType<typeof RECORD>;

const EVENT = rowShape({
  id: int,
  semesterId: int,
  versionId: int,
  versionNumber: int,
  versionName: text,
  eventType: oneOf(...VERSION_EVENT_TYPES),
  reason: nullable(text),
  actorId: nullable(int),
  createdAt: timestamp,
});

/** An event of a version's history as stored, without its actor's name. */
export type StoredVersionEvent = RowType<typeof EVENT>;

const LINEAGE = rowShape({ id: int, lineageId: int });
const SLOT_COPY = rowShape({ oldId: int, newId: int, newRuleId: int });
const SLOT_START = rowShape({ id: int, activeFrom: nullable(text), placed: bool });
const SUCCESSOR = rowShape({ id: int, continues: int });
const SOLVER_FROM = rowShape({ from: nullable(text) });

/** SQL over schedule versions, their rule copies and their history. */
@Injectable()
export class ScheduleVersionsRepository {
  constructor(private readonly db: TenantDb) {}

  // ---- reads ----

  /** Versions of a semester, newest (highest number) first. */
  listOfSemester(semesterId: number): Promise<StoredVersion[]> {
    return this.db.rows(RECORD, `${RECORD_SELECT} WHERE v.semester_id = $1 ORDER BY v.version_number DESC, v.id DESC`, [semesterId]);
  }

  async record(id: number): Promise<StoredVersion | undefined> {
    return (await this.db.rows(RECORD, `${RECORD_SELECT} WHERE v.id = $1`, [id]))[0];
  }

  async state(id: number): Promise<VersionState | undefined> {
    return (await this.db.rows(VERSION_STATE, `SELECT ${STATE_COLUMNS} FROM schedule_versions v WHERE v.id = $1`, [id]))[0];
  }

  /** The semester's published version, if any. */
  async publishedOf(semesterId: number): Promise<VersionState | undefined> {
    return (await this.db.rows(VERSION_STATE, `SELECT ${STATE_COLUMNS} FROM schedule_versions v WHERE v.semester_id = $1 AND v.status = 'PUBLISHED'`, [semesterId]))[0];
  }

  /** The chronology of a semester's versions, oldest first (events of one transaction in the order written). */
  history(semesterId: number): Promise<StoredVersionEvent[]> {
    return this.db.rows(
      EVENT,
      `SELECT e.id, e.semester_id AS "semesterId", e.schedule_version_id AS "versionId", v.version_number AS "versionNumber",
              v.name AS "versionName", e.event_type AS "eventType", e.reason, e.actor_id AS "actorId", e.created_at AS "createdAt"
         FROM schedule_version_events e
         JOIN schedule_versions v ON v.id = e.schedule_version_id
        WHERE e.semester_id = $1
        ORDER BY e.created_at, e.id`,
      [semesterId],
    );
  }

  /** `COALESCE(lineage_rule_id, id)` of the active rules of the versions, by rule id. */
  async lineageKeys(versionIds: number[]): Promise<Map<number, number>> {
    const rows = await this.db.rows(
      LINEAGE,
      `SELECT id, COALESCE(lineage_rule_id, id) AS "lineageId" FROM schedule_rules
        WHERE schedule_version_id = ANY($1::int[]) AND status = 'ACTIVE'`,
      [versionIds],
    );
    return new Map(rows.map((row) => [row.id, row.lineageId]));
  }

  // ---- locks and writes (inside the semester write unit) ----

  /** Every version of the semester, locked until commit, in id order (a fixed order, so lockers never deadlock). */
  lockVersionsOfSemester(semesterId: number): Promise<VersionState[]> {
    return this.db.rows(VERSION_STATE, `SELECT ${STATE_COLUMNS} FROM schedule_versions v WHERE v.semester_id = $1 ORDER BY v.id FOR UPDATE`,
      [semesterId],
    );
  }

  /** Inserts a DRAFT with the semester's next number; answers its id. */
  async insertDraft(version: NewVersion): Promise<number> {
    const [row] = await this.db.rows(ID_ROW, `INSERT INTO schedule_versions (semester_id, version_number, name, status, version_group_id, based_on_version_id, created_by)
       SELECT $1, COALESCE(max(version_number), 0) + 1, $2, 'DRAFT', COALESCE($3::int, nextval('schedule_version_group_seq')::int), $4, $5
         FROM schedule_versions WHERE semester_id = $1
       RETURNING id`,
      [version.semesterId, version.name, version.versionGroupId, version.basedOnVersionId, version.authorId],
    );
    return row.id;
  }

  /**
   * Copies every active rule of `sourceId` into `targetId` with its groups, slots and slot subgroups,
   * in one statement. Each copy remembers its origin (`lineage_rule_id`). Answers the count.
   */
  async copyActiveRules(sourceId: number, targetId: number, authorId: number): Promise<number> {
    const [row] = await this.withHashJoins(() => this.db.rows(COUNT_ROW, copyRulesStatement(false, 'SELECT count(*)::int AS count FROM new_rules'), [sourceId, targetId, authorId]));
    return row.count;
  }

  /**
   * Runs one copy statement with nested loops off. The planner cannot see how many rows the statement's
   * own id maps hold, and joined a slot's period link to the slot map row by row: 120 s on the large
   * university's copy of a version with periods, where hash joins take a fraction of a second. Inside
   * the caller's transaction (SET LOCAL), put back right after.
   */
  private async withHashJoins<T>(statement: () => Promise<T>): Promise<T> {
    await this.db.execute('SET LOCAL enable_nestloop = off');
    try {
      return await statement();
    } finally {
      await this.db.execute('SET LOCAL enable_nestloop = on');
    }
  }

  /**
   * `copyActiveRules` with the slots put where `placements` say (a solver's result, issue 43): a slot
   * listed with nulls is copied unplaced, one not listed keeps its place. Answers source slot id →
   * the copy's slot and rule ids.
   */
  async copyActiveRulesPlaced(sourceId: number, targetId: number, authorId: number | null, placements: PlacedSlot[]): Promise<Map<number, { slotId: number; ruleId: number }>> {
    const rows = await this.withHashJoins(() =>
      this.db.rows(
        SLOT_COPY,
        copyRulesStatement(true, 'SELECT old_id AS "oldId", new_id AS "newId", new_rule_id AS "newRuleId" FROM slot_map'),
        [sourceId, targetId, authorId, JSON.stringify(placements)],
      ),
    );
    return new Map(rows.map((row) => [row.oldId, { slotId: row.newId, ruleId: row.newRuleId }]));
  }

  /**
   * The source's locks on the target (issue 54 §1): the same groups, teachers, rooms and departments,
   * and the target's rules copied from the locked ones (by lineage).
   */
  async copyLocks(sourceId: number, targetId: number): Promise<void> {
    await this.db.execute(
      `INSERT INTO schedule_version_locks (version_id, rule_ids, group_ids, teacher_ids, classroom_ids, department_ids, updated_by)
       SELECT $2, ARRAY(SELECT t.id FROM schedule_rules s JOIN schedule_rules t ON t.schedule_version_id = $2 AND t.lineage_rule_id = COALESCE(s.lineage_rule_id, s.id)
                         WHERE s.id = ANY(l.rule_ids) ORDER BY t.id),
              l.group_ids, l.teacher_ids, l.classroom_ids, l.department_ids, l.updated_by
         FROM schedule_version_locks l WHERE l.version_id = $1`,
      [sourceId, targetId],
    );
  }

  /** The date a solver's result changed from (null for any other version). */
  async solverFrom(versionId: number): Promise<string | null> {
    const [row] = await this.db.rows(SOLVER_FROM, `SELECT to_char(solver_from_date, 'YYYY-MM-DD') AS "from" FROM schedule_versions WHERE id = $1`, [versionId]);
    return row?.from ?? null;
  }

  /** A solver's result remembers the date its run changed from: its publication's default (issue 53). */
  async rememberSolverFrom(versionId: number, from: string): Promise<void> {
    await this.db.execute(`UPDATE schedule_versions SET solver_from_date = $2 WHERE id = $1`, [versionId, from]);
  }

  /** Where each slot's period starts (null: the semester's first day) and whether it is placed. */
  async slotStarts(slotIds: readonly number[]): Promise<Map<number, { activeFrom: string | null; placed: boolean }>> {
    if (slotIds.length === 0) return new Map();
    const rows = await this.db.rows(
      SLOT_START,
      `SELECT id, to_char(active_from, 'YYYY-MM-DD') AS "activeFrom", day_of_week IS NOT NULL AS placed FROM schedule_rule_slots WHERE id = ANY($1::int[])`,
      [slotIds],
    );
    return new Map(rows.map((row) => [row.id, { activeFrom: row.activeFrom, placed: row.placed }]));
  }

  /**
   * A change of a draft's slots from `from` on (issue 53, a solver's result): each slot keeps its row
   * up to the day before, and a new row continues it from `from` (to the old row's end) at the listed
   * place, or unplaced; subgroups are copied. Answers each slot's continuation.
   */
  async continueSlotsFrom(placements: readonly PlacedSlot[], from: string): Promise<Map<number, number>> {
    if (placements.length === 0) return new Map();
    const rows = await this.db.rows(
      SUCCESSOR,
      `WITH placed AS (SELECT * FROM json_to_recordset($1::json) AS p("slotId" int, "dayOfWeek" int, "timeSlotId" int, "classroomId" int)),
            successors AS (
              INSERT INTO schedule_rule_slots (rule_id, day_of_week, parity, time_slot_id, teacher_id, classroom_id, lesson_type_id, lesson_format,
                                               active_from, active_to, continues_slot_id)
              SELECT sl.rule_id, p."dayOfWeek", sl.parity, p."timeSlotId", sl.teacher_id, p."classroomId", sl.lesson_type_id, sl.lesson_format,
                     $2::date, sl.active_to, sl.id
                FROM placed p JOIN schedule_rule_slots sl ON sl.id = p."slotId"
              RETURNING id, continues_slot_id AS continues),
            copied_subgroups AS (
              INSERT INTO schedule_rule_slot_subgroups (slot_id, subgroup_id)
              SELECT n.id, ss.subgroup_id FROM successors n JOIN schedule_rule_slot_subgroups ss ON ss.slot_id = n.continues),
            closed AS (
              UPDATE schedule_rule_slots SET active_to = $2::date - 1 WHERE id IN (SELECT "slotId" FROM placed))
       SELECT id, continues FROM successors`,
      [JSON.stringify(placements), from],
    );
    return new Map(rows.map((row) => [row.continues, row.id]));
  }

  /** Starts the slots' periods on `from` at the earliest (a slot with no lessons before it, placed by a solver from that date). */
  async startSlotsOn(slotIds: readonly number[], from: string): Promise<void> {
    if (slotIds.length === 0) return;
    await this.db.execute(`UPDATE schedule_rule_slots SET active_from = GREATEST(COALESCE(active_from, $2::date), $2::date) WHERE id = ANY($1::int[])`, [slotIds, from]);
  }

  /** Leaves the draft's slots unplaced (no day, pair or room). */
  async unplaceSlots(slotIds: number[]): Promise<void> {
    await this.db.execute(`UPDATE schedule_rule_slots SET day_of_week = NULL, time_slot_id = NULL, classroom_id = NULL WHERE id = ANY($1::int[])`, [slotIds]);
  }

  /** Archives the semester's PUBLISHED version, if any; answers its id. */
  async archivePublished(semesterId: number): Promise<number | undefined> {
    const [row] = await this.db.rows(ID_ROW, `UPDATE schedule_versions SET status = 'ARCHIVED', archived_at = now()
        WHERE semester_id = $1 AND status = 'PUBLISHED' RETURNING id`,
      [semesterId],
    );
    return row?.id;
  }

  /** Makes the version the semester's PUBLISHED one, published now by `actorId`. */
  async promote(id: number, actorId: number): Promise<void> {
    await this.db.execute(`UPDATE schedule_versions SET status = 'PUBLISHED', published_at = now(), published_by = $2, archived_at = NULL WHERE id = $1`,
      [id, actorId],
    );
  }

  /** The version's state, its row share-locked until commit: a publication or deletion of it waits for the caller's write. */
  async stateForShare(id: number): Promise<VersionState | undefined> {
    return (await this.db.rows(VERSION_STATE, `SELECT ${STATE_COLUMNS} FROM schedule_versions v WHERE v.id = $1 FOR SHARE`, [id]))[0];
  }

  /**
   * The version locked for its deletion: FOR UPDATE also waits for, and then blocks, anything that
   * refers to it while being inserted (a job, a rule, a copy), since their foreign-key checks share-lock it.
   */
  async lockForDeletion(id: number): Promise<VersionState | undefined> {
    return (await this.db.rows(VERSION_STATE, `SELECT ${STATE_COLUMNS} FROM schedule_versions v WHERE v.id = $1 FOR UPDATE`, [id]))[0];
  }

  /** The number of a job waiting or running on the version, if any. */
  async activeJobOf(id: number): Promise<number | undefined> {
    const [row] = await this.db.rows(ID_ROW, `SELECT id FROM schedule_optimization_jobs WHERE source_version_id = $1 AND status IN ('QUEUED','RUNNING') ORDER BY id LIMIT 1`, [id]);
    return row?.id;
  }

  /**
   * Removes a version with its rules (their groups, slots and slot subgroups go with them), its
   * history and its own jobs; versions copied from it keep their rules and lose only the link, and a
   * job whose result it was keeps its record without it (the foreign keys' ON DELETE).
   */
  async deleteVersion(id: number): Promise<void> {
    await this.db.execute(`UPDATE schedule_versions SET based_on_version_id = NULL WHERE based_on_version_id = $1`, [id]);
    await this.db.execute(`DELETE FROM schedule_overrides WHERE schedule_version_id = $1`, [id]);
    await this.db.execute(`DELETE FROM schedule_rules WHERE schedule_version_id = $1`, [id]);
    await this.db.execute(`DELETE FROM schedule_version_events WHERE schedule_version_id = $1`, [id]);
    await this.db.execute(`DELETE FROM schedule_versions WHERE id = $1`, [id]);
  }

  /** Appends events in the given order (one transaction shares one timestamp; ids keep the order). */
  async addEvents(events: VersionEvent[]): Promise<void> {
    for (const event of events) {
      await this.db.execute(`INSERT INTO schedule_version_events (semester_id, schedule_version_id, event_type, reason, actor_id) VALUES ($1, $2, $3, $4, $5)`,
        [event.semesterId, event.versionId, event.eventType, event.reason, event.actorId],
      );
    }
  }
}

/**
 * The statement both copies run ($1 source version, $2 target, $3 author): new ids are drawn from the
 * sequences first, so the copies of groups, slots and subgroups can refer to them. `withPlacements`
 * reads $4, a JSON list of `PlacedSlot`, and puts each listed slot there; `answer` is the final SELECT.
 */
function copyRulesStatement(withPlacements: boolean, answer: string): string {
  const place = (column: string, field: string): string => (withPlacements ? `CASE WHEN p."slotId" IS NULL THEN sl.${column} ELSE p."${field}" END` : `sl.${column}`);
  return `WITH rule_map AS MATERIALIZED (
       SELECT old_id, nextval(pg_get_serial_sequence('schedule_rules', 'id'))::int AS new_id
         FROM (SELECT id AS old_id FROM schedule_rules WHERE schedule_version_id = $1 AND status = 'ACTIVE' ORDER BY id) source),
     slot_map AS MATERIALIZED (
       SELECT old_id, new_rule_id, nextval(pg_get_serial_sequence('schedule_rule_slots', 'id'))::int AS new_id
         FROM (SELECT sl.id AS old_id, m.new_id AS new_rule_id
                 FROM schedule_rule_slots sl JOIN rule_map m ON m.old_id = sl.rule_id ORDER BY sl.id) source),
     ${withPlacements ? `placed AS (SELECT * FROM json_to_recordset($4::json) AS p("slotId" int, "dayOfWeek" int, "timeSlotId" int, "classroomId" int)),` : ''}
     new_rules AS (
       INSERT INTO schedule_rules (id, schedule_version_id, semester_id, subject_id, lecture_hours, laboratory_hours, practice_hours,
                                   lecture_start_week, laboratory_start_week, practice_start_week, created_by, lineage_rule_id, hours_history)
       SELECT m.new_id, $2, r.semester_id, r.subject_id, r.lecture_hours, r.laboratory_hours, r.practice_hours,
              r.lecture_start_week, r.laboratory_start_week, r.practice_start_week, $3, COALESCE(r.lineage_rule_id, r.id), r.hours_history
         FROM rule_map m JOIN schedule_rules r ON r.id = m.old_id
       RETURNING id),
     new_groups AS (
       INSERT INTO schedule_rule_groups (rule_id, group_id)
       SELECT m.new_id, g.group_id FROM rule_map m JOIN schedule_rule_groups g ON g.rule_id = m.old_id),
     new_slots AS (
       INSERT INTO schedule_rule_slots (id, rule_id, day_of_week, parity, time_slot_id, teacher_id, classroom_id, lesson_type_id, lesson_format,
                                        active_from, active_to, continues_slot_id)
       SELECT s.new_id, s.new_rule_id, ${place('day_of_week', 'dayOfWeek')}, sl.parity, ${place('time_slot_id', 'timeSlotId')}, sl.teacher_id,
              ${place('classroom_id', 'classroomId')}, sl.lesson_type_id, sl.lesson_format, sl.active_from, sl.active_to, cs.new_id
         FROM slot_map s JOIN schedule_rule_slots sl ON sl.id = s.old_id
         LEFT JOIN slot_map cs ON cs.old_id = sl.continues_slot_id${withPlacements ? ' LEFT JOIN placed p ON p."slotId" = s.old_id' : ''}),
     new_subgroups AS (
       INSERT INTO schedule_rule_slot_subgroups (slot_id, subgroup_id)
       SELECT s.new_id, ss.subgroup_id FROM slot_map s JOIN schedule_rule_slot_subgroups ss ON ss.slot_id = s.old_id)
     ${answer}`;
}

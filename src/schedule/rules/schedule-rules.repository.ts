import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { date, ID_ROW, int, nullable, oneOf, rowShape, RowType, text, timestamp, TOTAL_ROW } from '../../platform/database/row-shape';
import { containsPattern, SqlParams } from '../../platform/database/sql';
import { TenantDb } from '../../platform/database/tenant-db';
import { HoursPeriod, LessonKind } from '../../schedule-engine/lesson-series';
import { OVERRIDE_ACTIONS } from '../../schedule-engine/override-application';
import { RuleStamps } from './rule-mapper';
import { UNPLACED_ONLY_IN_DRAFT, UNPLACED_TOGETHER } from './rule-validation';

defineConstraintMessages({
  fk_schedule_rules_version: 'Версия расписания не найдена',
  fk_schedule_rules_semester: 'Семестр не найден',
  fk_schedule_rules_subject: 'Дисциплина не найдена',
  fk_schedule_rule_groups_group: 'Группа не найдена',
  fk_schedule_rule_slots_time_slot: 'Временной слот не найден',
  fk_schedule_rule_slots_teacher: 'Преподаватель не найден',
  fk_schedule_rule_slots_classroom: 'Аудитория не найдена',
  fk_schedule_rule_slots_lesson_type: 'Вид занятия не найден',
  fk_schedule_rule_slot_subgroups_subgroup: 'Подгруппа не найдена или удалена',
  ck_schedule_rules_hours: 'Часы должны быть неотрицательными, кратными 2, и хотя бы один вид занятий должен иметь часы',
  ck_schedule_rules_start_weeks: 'Неделя начала должна быть не меньше 1',
  ck_schedule_rule_slots_day: 'День недели должен быть от 1 до 7',
  ck_schedule_rule_slots_parity: 'Чётность должна быть BOTH, ODD или EVEN',
  ck_schedule_rule_slots_format: 'Формат занятия должен быть «Очно» или «Онлайн»',
  ck_schedule_rule_slots_placement: UNPLACED_TOGETHER,
  ck_schedule_rule_slots_unplaced_draft: UNPLACED_ONLY_IN_DRAFT,
  ck_schedule_versions_slots_placed: 'В версии есть неразмещённые занятия: опубликовать её нельзя',
});

/** The stored columns of a rule that a create or update sets. */
export interface RuleFields {
  versionId: number;
  semesterId: number;
  subjectId: number;
  hours: Record<LessonKind, number>;
  startWeeks: Record<LessonKind, number>;
}

/** Rules written by one round of `insertMany`'s statements. */
const INSERT_CHUNK = 1000;

/** A new rule for `insertMany`: its fields, groups and slots with their subgroups (and the date they start, when later than the semester). */
export interface NewRule {
  fields: RuleFields;
  groupIds: readonly number[];
  slots: readonly (SlotFields & { subgroupIds: readonly number[]; activeFrom?: string | null })[];
}

/** A slot's columns; day, pair and room are null together in a draft's unplaced slot. */
export interface SlotFields {
  dayOfWeek: number | null;
  parity: string;
  timeSlotId: number | null;
  teacherId: number;
  classroomId: number | null;
  lessonTypeId: number;
  lessonFormat: string;
}

/** The dates a slot row lays out lessons on (null: the semester's bound) and the slot it continues. */
export interface SlotPeriod {
  activeFrom: string | null;
  activeTo: string | null;
  continuesSlotId?: number | null;
}

const OPEN_PERIOD: SlotPeriod = { activeFrom: null, activeTo: null };

const OVERRIDE_OF_RULE_COLUMNS = {
  id: int,
  slotId: int,
  lessonDate: date,
  action: oneOf(...OVERRIDE_ACTIONS),
  newTeacherId: nullable(int),
  newClassroomId: nullable(int),
  newLessonFormat: nullable(text),
};
const OVERRIDE_OF_RULE = rowShape(OVERRIDE_OF_RULE_COLUMNS);

/** A one-off change of a rule's lesson, as a change from a date sees it. */
export type OverrideOfRule = RowType<typeof OVERRIDE_OF_RULE>;

const OVERRIDE_OF_RULE_WITH_RULE = rowShape({ ruleId: int, ...OVERRIDE_OF_RULE_COLUMNS });

const OPEN_VERSION = rowShape({ id: int, name: text, status: oneOf('PUBLISHED', 'DRAFT'), semesterId: int });
export type OpenVersion = RowType<typeof OPEN_VERSION>;

const RULE_COLUMNS = `r.id, r.schedule_version_id AS "versionId", r.semester_id AS "semesterId", r.status`;
const RULE_ROW = rowShape({ id: int, versionId: int, semesterId: int, status: oneOf('ACTIVE', 'ARCHIVED') });

export type RuleRow = RowType<typeof RULE_ROW>;

const STAMPS = rowShape({ id: int, createdAt: timestamp, updatedAt: timestamp });
const VERSION_ID = rowShape({ versionId: int });

/** SQL over the rule tables: row locks, writes (inside the write unit's transaction), and the id lists behind the rule lists and pages. */
@Injectable()
export class ScheduleRulesRepository {
  constructor(private readonly db: TenantDb) {}

  async find(id: number): Promise<RuleRow | undefined> {
    return (await this.db.rows(RULE_ROW, `SELECT ${RULE_COLUMNS} FROM schedule_rules r WHERE r.id = $1`, [id]))[0];
  }

  /** The rule, locked until the end of the open transaction. */
  async lockForChange(id: number): Promise<RuleRow | undefined> {
    return (await this.db.rows(RULE_ROW, `SELECT ${RULE_COLUMNS} FROM schedule_rules r WHERE r.id = $1 FOR UPDATE`, [id]))[0];
  }

  async insert(fields: RuleFields, authorId: number): Promise<number> {
    const [row] = await this.db.rows(ID_ROW, `INSERT INTO schedule_rules (schedule_version_id, semester_id, subject_id, lecture_hours, laboratory_hours, practice_hours,
                                   lecture_start_week, laboratory_start_week, practice_start_week, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [...ruleValues(fields), authorId],
    );
    return row.id;
  }

  /**
   * Inserts many new rules with their groups, slots and slot subgroups in a few statements (the data
   * import's batch): ids are taken from the sequences first, so every row is written with its own.
   * Answers the new rules' ids in the order given.
   */
  async insertMany(rules: readonly NewRule[], authorId: number): Promise<number[]> {
    // Chunks keep every statement well inside the statement timeout, however large the batch.
    if (rules.length > INSERT_CHUNK) {
      const ids: number[] = [];
      for (let start = 0; start < rules.length; start += INSERT_CHUNK) ids.push(...(await this.insertMany(rules.slice(start, start + INSERT_CHUNK), authorId)));
      return ids;
    }
    if (rules.length === 0) return [];
    const ids = await this.nextIds('schedule_rules', rules.length);
    const column = <T>(pick: (fields: RuleFields) => T) => rules.map((rule) => pick(rule.fields));
    await this.db.execute(`INSERT INTO schedule_rules (id, schedule_version_id, semester_id, subject_id, lecture_hours, laboratory_hours, practice_hours,
                                   lecture_start_week, laboratory_start_week, practice_start_week, created_by)
       SELECT v.*, $11::int FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[], $10::int[]) AS v`,
      [
        ids,
        column((f) => f.versionId),
        column((f) => f.semesterId),
        column((f) => f.subjectId),
        column((f) => f.hours.LECTURE),
        column((f) => f.hours.LABORATORY),
        column((f) => f.hours.PRACTICE),
        column((f) => f.startWeeks.LECTURE),
        column((f) => f.startWeeks.LABORATORY),
        column((f) => f.startWeeks.PRACTICE),
        authorId,
      ],
    );
    const groups = rules.flatMap((rule, index) => rule.groupIds.map((groupId) => [ids[index], groupId]));
    await this.db.execute(`INSERT INTO schedule_rule_groups (rule_id, group_id) SELECT * FROM unnest($1::int[], $2::int[])`, [
      groups.map((pair) => pair[0]),
      groups.map((pair) => pair[1]),
    ]);
    const slots = rules.flatMap((rule, index) => rule.slots.map((slot) => ({ ruleId: ids[index], slot })));
    const slotIds = await this.nextIds('schedule_rule_slots', slots.length);
    const slotColumn = <T>(pick: (slot: SlotFields) => T) => slots.map((item) => pick(item.slot));
    await this.db.execute(`INSERT INTO schedule_rule_slots (id, rule_id, day_of_week, parity, time_slot_id, teacher_id, classroom_id, lesson_type_id, lesson_format, active_from)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::int[], $6::int[], $7::int[], $8::int[], $9::text[], $10::date[])`,
      [
        slotIds,
        slots.map((item) => item.ruleId),
        slotColumn((slot) => slot.dayOfWeek),
        slotColumn((slot) => slot.parity),
        slotColumn((slot) => slot.timeSlotId),
        slotColumn((slot) => slot.teacherId),
        slotColumn((slot) => slot.classroomId),
        slotColumn((slot) => slot.lessonTypeId),
        slotColumn((slot) => slot.lessonFormat),
        slots.map((item) => item.slot.activeFrom ?? null),
      ],
    );
    const pairs = slots.flatMap((item, index) => item.slot.subgroupIds.map((subgroupId) => [slotIds[index], subgroupId]));
    if (pairs.length > 0) {
      await this.db.execute(`INSERT INTO schedule_rule_slot_subgroups (slot_id, subgroup_id) SELECT * FROM unnest($1::int[], $2::int[])`, [
        pairs.map((pair) => pair[0]),
        pairs.map((pair) => pair[1]),
      ]);
    }
    return ids;
  }

  private async nextIds(table: 'schedule_rules' | 'schedule_rule_slots', count: number): Promise<number[]> {
    if (count === 0) return [];
    const rows = await this.db.rows(ID_ROW, `SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id FROM generate_series(1, $2)`, [table, count]);
    return rows.map((row) => row.id);
  }

  /** Sets the rule's fields; `hoursHistory` is what `hours_history` becomes (null: none). */
  async update(id: number, fields: RuleFields, hoursHistory: readonly HoursPeriod[] | null = null): Promise<void> {
    const history = hoursHistory === null ? null : JSON.stringify(hoursHistory.map(({ until, hours }) => ({ until, lecture: hours.LECTURE, laboratory: hours.LABORATORY, practice: hours.PRACTICE })));
    await this.db.execute(`UPDATE schedule_rules SET schedule_version_id = $2, semester_id = $3, subject_id = $4, lecture_hours = $5, laboratory_hours = $6,
              practice_hours = $7, lecture_start_week = $8, laboratory_start_week = $9, practice_start_week = $10, hours_history = $11::jsonb,
              updated_at = now()
        WHERE id = $1`,
      [id, ...ruleValues(fields), history],
    );
  }

  /** Ends the periods of `slotIds` on `until` (a change from the next day on). */
  async closeSlots(slotIds: readonly number[], until: string): Promise<void> {
    if (slotIds.length > 0) await this.db.execute(`UPDATE schedule_rule_slots SET active_to = $2 WHERE id = ANY($1::int[])`, [slotIds, until]);
  }

  /** Marks the rule changed (a write that touched only its slots' periods). */
  async touch(id: number): Promise<void> {
    await this.db.execute(`UPDATE schedule_rules SET updated_at = now() WHERE id = $1`, [id]);
  }

  /** The rule's one-off changes of lessons dated `from` or later (by their original date), in a published version. */
  /** The PUBLISHED and DRAFT versions of every semester (their semesters' days are the caller's to read). */
  async openVersions(): Promise<OpenVersion[]> {
    return this.db.rows(
      OPEN_VERSION,
      `SELECT v.id, v.name, v.status, v.semester_id AS "semesterId" FROM schedule_versions v WHERE v.status IN ('PUBLISHED', 'DRAFT') ORDER BY v.semester_id, v.id`,
    );
  }

  async overridesFrom(ruleId: number, from: string): Promise<OverrideOfRule[]> {
    return this.db.rows(
      OVERRIDE_OF_RULE,
      `SELECT o.id, o.base_rule_slot_id AS "slotId", o.lesson_date AS "lessonDate", o.action,
              o.new_teacher_id AS "newTeacherId", o.new_classroom_id AS "newClassroomId", o.new_lesson_format AS "newLessonFormat"
         FROM schedule_overrides o JOIN schedule_rule_slots sl ON sl.id = o.base_rule_slot_id
        WHERE sl.rule_id = $1 AND o.lesson_date >= $2 ORDER BY o.lesson_date, o.id`,
      [ruleId, from],
    );
  }

  /**
   * `overridesFrom` of many rules in one statement (archiving a teacher or room ends tens of rules at
   * once): each rule's one-off changes dated `from` or later, by rule, in date order.
   */
  async overridesFromRules(ruleIds: readonly number[], from: string): Promise<Map<number, OverrideOfRule[]>> {
    const byRule = new Map<number, OverrideOfRule[]>(ruleIds.map((id) => [id, []]));
    if (ruleIds.length === 0) return byRule;
    const rows = await this.db.rows(
      OVERRIDE_OF_RULE_WITH_RULE,
      `SELECT sl.rule_id AS "ruleId", o.id, o.base_rule_slot_id AS "slotId", o.lesson_date AS "lessonDate", o.action,
              o.new_teacher_id AS "newTeacherId", o.new_classroom_id AS "newClassroomId", o.new_lesson_format AS "newLessonFormat"
         FROM schedule_overrides o JOIN schedule_rule_slots sl ON sl.id = o.base_rule_slot_id
        WHERE sl.rule_id = ANY($1::int[]) AND o.lesson_date >= $2 ORDER BY o.lesson_date, o.id`,
      [ruleIds, from],
    );
    for (const { ruleId, ...override } of rows) byRule.get(ruleId)?.push(override);
    return byRule;
  }

  /** Points one-off changes at the lesson of a later period that takes their lesson's place. */
  async repointOverrides(moves: readonly { overrideId: number; slotId: number; lessonDate: string }[]): Promise<void> {
    if (moves.length === 0) return;
    await this.db.execute(`UPDATE schedule_overrides o SET base_rule_slot_id = m.slot_id, lesson_date = m.lesson_date, updated_at = now()
         FROM unnest($1::int[], $2::int[], $3::date[]) AS m(id, slot_id, lesson_date) WHERE o.id = m.id`,
      [moves.map((move) => move.overrideId), moves.map((move) => move.slotId), moves.map((move) => move.lessonDate)],
    );
  }

  async deleteOverrides(overrideIds: readonly number[]): Promise<void> {
    if (overrideIds.length > 0) await this.db.execute(`DELETE FROM schedule_overrides WHERE id = ANY($1::int[])`, [overrideIds]);
  }

  async archive(id: number): Promise<void> {
    await this.db.execute(`UPDATE schedule_rules SET status = 'ARCHIVED', archived_at = now(), updated_at = now() WHERE id = $1`, [id]);
  }

  /** Makes the rule's groups exactly `groupIds`. */
  async replaceGroups(ruleId: number, groupIds: number[]): Promise<void> {
    await this.db.execute(`DELETE FROM schedule_rule_groups WHERE rule_id = $1 AND NOT (group_id = ANY($2::int[]))`, [ruleId, groupIds]);
    await this.db.execute(`INSERT INTO schedule_rule_groups (rule_id, group_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
      [ruleId, groupIds],
    );
  }

  async insertSlot(ruleId: number, slot: SlotFields, period: SlotPeriod = OPEN_PERIOD): Promise<number> {
    const [row] = await this.db.rows(ID_ROW, `INSERT INTO schedule_rule_slots (rule_id, day_of_week, parity, time_slot_id, teacher_id, classroom_id, lesson_type_id, lesson_format,
                                        active_from, active_to, continues_slot_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [ruleId, ...slotValues(slot), period.activeFrom, period.activeTo, period.continuesSlotId ?? null],
    );
    return row.id;
  }

  /** Rewrites a slot and its period (a slot kept from an earlier period keeps its start and link). */
  async updateSlot(slotId: number, slot: SlotFields, period: Omit<SlotPeriod, 'continuesSlotId'> = OPEN_PERIOD): Promise<void> {
    await this.db.execute(`UPDATE schedule_rule_slots SET day_of_week = $2, parity = $3, time_slot_id = $4, teacher_id = $5, classroom_id = $6,
              lesson_type_id = $7, lesson_format = $8, active_from = $9, active_to = $10
        WHERE id = $1`,
      [slotId, ...slotValues(slot), period.activeFrom, period.activeTo],
    );
  }

  async deleteSlots(slotIds: number[]): Promise<void> {
    if (slotIds.length > 0) await this.db.execute(`DELETE FROM schedule_rule_slots WHERE id = ANY($1::int[])`, [slotIds]);
  }

  /** Makes the subgroups of `slotIds` exactly the given pairs. */
  async replaceSlotSubgroups(slotIds: number[], pairs: { slotId: number; subgroupId: number }[]): Promise<void> {
    await this.db.execute(`DELETE FROM schedule_rule_slot_subgroups WHERE slot_id = ANY($1::int[])`, [slotIds]);
    if (pairs.length === 0) return;
    await this.db.execute(`INSERT INTO schedule_rule_slot_subgroups (slot_id, subgroup_id) SELECT * FROM unnest($1::int[], $2::int[])`,
      [pairs.map((pair) => pair.slotId), pairs.map((pair) => pair.subgroupId)],
    );
  }

  // ---- reads behind the lists ----

  /** Creation and change moments of the rules (the shared loader does not read them). */
  async stamps(ruleIds: number[]): Promise<Map<number, RuleStamps>> {
    if (ruleIds.length === 0) return new Map();
    const rows = await this.db.rows(
      STAMPS,
      `SELECT id, created_at AS "createdAt", updated_at AS "updatedAt" FROM schedule_rules WHERE id = ANY($1::int[])`,
      [ruleIds],
    );
    return new Map(rows.map((row) => [row.id, { createdAt: row.createdAt, updatedAt: row.updatedAt }]));
  }

  /** The version of a rule, archived rules included. */
  async versionOf(ruleId: number): Promise<number | undefined> {
    const [row] = await this.db.rows(VERSION_ID, `SELECT schedule_version_id AS "versionId" FROM schedule_rules WHERE id = $1`, [ruleId]);
    return row?.versionId;
  }

  /**
   * The versions a rule list shows: `versionId` itself (when it belongs to `semesterId`, if given), or
   * else the published version of `semesterId`, or of every semester.
   */
  async listedVersions(filter: { versionId?: number; semesterId?: number }): Promise<number[]> {
    const params = new SqlParams();
    const where: string[] = [];
    if (filter.versionId !== undefined) where.push(`id = ${params.add(filter.versionId)}`);
    else where.push(`status = 'PUBLISHED'`);
    if (filter.semesterId !== undefined) where.push(`semester_id = ${params.add(filter.semesterId)}`);
    const rows = await this.db.rows(ID_ROW, `SELECT id FROM schedule_versions WHERE ${where.join(' AND ')} ORDER BY id`, params.values);
    return rows.map((row) => row.id);
  }

  /** One page of active rule ids of a version, newest first, with the total count. */
  async page(versionId: number, text: string | undefined, offset: number, limit: number): Promise<{ ids: number[]; total: number }> {
    const params = new SqlParams();
    const where = [`r.schedule_version_id = ${params.add(versionId)}`, `r.status = 'ACTIVE'`];
    if (text) {
      const pattern = params.add(containsPattern(text));
      const byId = /^\d{1,9}$/.test(text) ? ` OR r.id = ${params.add(Number(text))}` : '';
      where.push(`(EXISTS (SELECT 1 FROM subjects s WHERE s.id = r.subject_id AND s.name ILIKE ${pattern})
                   OR EXISTS (SELECT 1 FROM schedule_rule_groups rg JOIN study_groups g ON g.id = rg.group_id
                               WHERE rg.rule_id = r.id AND g.name ILIKE ${pattern})${byId})`);
    }
    const whereSql = where.join(' AND ');
    const countValues = [...params.values];
    const [rows, counted] = await Promise.all([
      this.db.rows(
        ID_ROW,
        `SELECT r.id FROM schedule_rules r WHERE ${whereSql} ORDER BY r.id DESC LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`,
        params.values,
      ),
      this.db.rows(TOTAL_ROW, `SELECT count(*)::int AS total FROM schedule_rules r WHERE ${whereSql}`, countValues),
    ]);
    return { ids: rows.map((row) => row.id), total: counted[0].total };
  }
}

function ruleValues(fields: RuleFields): unknown[] {
  return [
    fields.versionId,
    fields.semesterId,
    fields.subjectId,
    fields.hours.LECTURE,
    fields.hours.LABORATORY,
    fields.hours.PRACTICE,
    fields.startWeeks.LECTURE,
    fields.startWeeks.LABORATORY,
    fields.startWeeks.PRACTICE,
  ];
}

function slotValues(slot: SlotFields): unknown[] {
  return [slot.dayOfWeek, slot.parity, slot.timeSlotId, slot.teacherId, slot.classroomId, slot.lessonTypeId, slot.lessonFormat];
}

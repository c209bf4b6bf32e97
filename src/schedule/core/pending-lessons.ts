import { Injectable } from '@nestjs/common';
import { expandRule, GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { allSlots, LoadedRule, LoadedSemester } from '../../schedule-engine/rule-model';
import { AffectedRequestResponse, PendingKind, PendingOutcome } from '../../platform/affected-requests';
import { ID_ROW } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { ScheduleDataRepository } from './schedule-data.repository';
import { SemesterSchedules } from './semester-schedules';

/**
 * Records that wait on one lesson of the publication (issue 53): a teacher's change request still to
 * be reviewed, and an absence's decision about a lesson. Each names its lesson as every record does,
 * by the slot row and the original date (`baseRuleSlotId + lessonDate`). When the timetable changes
 * from a date, a row that began before it is closed the day before and continued by a new row (or a
 * publication gives the lessons new rows), so such a record dated from then on would name a row
 * without its lesson: the change re-checks them in its own transaction.
 */

export interface PendingLesson {
  kind: PendingKind;
  id: number;
  slotId: number;
  lessonDate: string;
  /** Whose lesson it is about: the request's teacher, the absent teacher. */
  teacherId: number;
  teacherName: string;
}


export interface SettledLesson {
  id: number;
  teacherId: number;
  outcome: PendingOutcome;
  lessonDate: string;
  /** FOLLOWED: the row, version and room of the lesson the record names from now on. */
  slotId?: number;
  versionId?: number;
  classroomId?: number;
  reason: string;
}

/** What the port's owners do: find their waiting records and settle them (in the caller's transaction). */
export abstract class PendingLessonRecords {
  /** Records still waiting on lessons of the rows `slotIds`, dated `from` or later. */
  abstract waiting(slotIds: readonly number[], from: string): Promise<PendingLesson[]>;
  /** Writes the outcomes (in the caller's transaction); `from` is the date the change takes effect. */
  abstract settle(settled: readonly SettledLesson[], from: string): Promise<void>;
}

/** The change requests' half of the port, bound by the teacher change requests feature. */
export abstract class PendingChangeRequests extends PendingLessonRecords {}

/** The absence decisions' half of the port, bound by the teacher absences feature. */
export abstract class PendingAbsenceDecisions extends PendingLessonRecords {}

/** A change to re-check the waiting records against. */
export interface PendingCheck {
  semester: LoadedSemester;
  /** The date the change takes effect: only records dated from it are listed and settled. */
  from: string;
  /** The publication's rules the change touches, as they were. */
  before: readonly LoadedRule[];
  /** What they are after the change (with the same ids, or counterparts of the same `keyOf`). */
  after: readonly LoadedRule[];
  /** The version the records name afterwards. */
  versionId: number;
  /** Which rule of `after` continues a rule of `before` (a publication: the lineage); by default the same id. */
  keyOf?: (rule: LoadedRule) => number;
  /** A publication moves every lesson to new rows: records dated before `from` follow too, unlisted. */
  everyDate?: boolean;
}

const FOLLOWED_REASON = 'занятие остаётся в этот день на той же паре: запись перенесена на его новую строку расписания';
const RULE_ENDS = 'правило этого занятия больше не действует с этой даты';
const NO_LESSON = 'в этот день занятия больше нет';
const OTHER_PAIR = 'занятие в этот день стоит на другой паре';
const OTHER_TEACHER = 'занятие в этот день ведёт другой преподаватель';

const lessonAt = (slotId: number, date: string) => `${slotId}|${date}`;

/**
 * Re-checks the records waiting on lessons of a change's rules (issue 53, invariant 3 for requests
 * and absences), asked of the features that own them through the two ports above. A record whose
 * lesson still exists on its date and pair (same type and teacher) follows it to its row; one whose
 * lesson is gone is rejected (a request, the teacher told) or its decision removed (an absence). With
 * `apply` false nothing is written: the same list for a 409 or a preview.
 */
@Injectable()
export class PendingLessons {
  constructor(
    private readonly requests: PendingChangeRequests,
    private readonly decisions: PendingAbsenceDecisions,
    private readonly schedules: SemesterSchedules,
    private readonly data: ScheduleDataRepository,
    private readonly db: TenantDb,
  ) {}

  /**
   * The rules of a version with a record waiting on one of their lessons dated `since` or later: what
   * a publication re-checks, without laying out the thousands of rules nobody waits on.
   */
  async rulesWithWaiting(versionId: number, since: string): Promise<LoadedRule[]> {
    const rows = await this.db.rows(ID_ROW,
      `SELECT sl.id FROM schedule_rule_slots sl JOIN schedule_rules r ON r.id = sl.rule_id WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE'`,
      [versionId],
    );
    const slotIds = rows.map((row) => row.id);
    if (slotIds.length === 0) return [];
    const waiting = new Set([...(await this.requests.waiting(slotIds, since)), ...(await this.decisions.waiting(slotIds, since))].map((record) => record.slotId));
    if (waiting.size === 0) return [];
    return this.data.rules({ versionIds: [versionId], slotIds: [...waiting] });
  }

  async recheck(check: PendingCheck, apply: boolean): Promise<AffectedRequestResponse[]> {
    const slotIds = check.before.flatMap((rule) => allSlots(rule).map((slot) => slot.id));
    if (slotIds.length === 0) return [];
    const since = check.everyDate ? check.semester.startDate : check.from;
    const waiting = [...(await this.requests.waiting(slotIds, since)), ...(await this.decisions.waiting(slotIds, since))];
    if (waiting.length === 0) return [];

    const keyOf = check.keyOf ?? ((rule: LoadedRule) => rule.id);
    const ruleOfSlot = new Map(check.before.flatMap((rule) => allSlots(rule).map((slot) => [slot.id, rule] as const)));
    const sources = [...new Set(waiting.map((record) => ruleOfSlot.get(record.slotId) as LoadedRule))];
    const keys = new Set(sources.map(keyOf));
    const targets = check.after.filter((rule) => keys.has(keyOf(rule)));
    const schedule = await this.schedules.load(check.semester, [...sources, ...targets]);
    const before = new Map<string, GeneratedLesson>();
    for (const rule of sources) for (const lesson of expandRule(rule, schedule.context)) before.set(lessonAt(lesson.slotId, lesson.date), lesson);
    const afterByKey = new Map<number, GeneratedLesson[]>();
    for (const rule of targets) {
      const source = sources.find((item) => keyOf(item) === keyOf(rule)) as LoadedRule;
      // A counterpart with another subject or groups is another rule's lessons, not this one's.
      if (rule.subjectId !== source.subjectId || !sameIds(rule.groupIds, source.groupIds)) continue;
      afterByKey.set(keyOf(rule), [...(afterByKey.get(keyOf(rule)) ?? []), ...expandRule(rule, schedule.context)]);
    }

    const settled = new Map<PendingKind, SettledLesson[]>([
      ['CHANGE_REQUEST', []],
      ['ABSENCE_DECISION', []],
    ]);
    const listed: AffectedRequestResponse[] = [];
    for (const record of waiting) {
      const source = ruleOfSlot.get(record.slotId) as LoadedRule;
      const lesson = before.get(lessonAt(record.slotId, record.lessonDate));
      // A record that already names no lesson is not this change's to judge (its review says so).
      if (!lesson) continue;
      const after = afterByKey.get(keyOf(source)) ?? [];
      const sameDay = after.filter((item) => item.date === record.lessonDate && item.lessonKind === lesson.lessonKind);
      const samePair = sameDay.filter((item) => item.timeSlotId === lesson.timeSlotId);
      const own = samePair.filter((item) => item.teacherId === record.teacherId);
      const follow = own.find((item) => item.slotId === record.slotId) ?? own[0];
      const listedDate = record.lessonDate >= check.from;
      let item: SettledLesson;
      if (follow) {
        if (follow.slotId === record.slotId && source.versionId === check.versionId) continue;
        item = { id: record.id, teacherId: record.teacherId, outcome: 'FOLLOWED', lessonDate: record.lessonDate, slotId: follow.slotId, versionId: check.versionId, classroomId: follow.classroomId, reason: FOLLOWED_REASON };
      } else {
        // A lesson before the date is the past's: it stays where it was (a publication copies it).
        if (!listedDate) continue;
        const reason = !after.some((item) => item.date >= check.from) ? RULE_ENDS : sameDay.length === 0 ? NO_LESSON : samePair.length === 0 ? OTHER_PAIR : OTHER_TEACHER;
        item = { id: record.id, teacherId: record.teacherId, outcome: record.kind === 'CHANGE_REQUEST' ? 'REJECTED' : 'REOPENED', lessonDate: record.lessonDate, reason };
      }
      settled.get(record.kind)?.push(item);
      if (listedDate) {
        listed.push({ kind: record.kind, id: record.id, lessonDate: record.lessonDate, teacherName: record.teacherName, subjectName: source.subjectName, outcome: item.outcome, reason: item.reason });
      }
    }
    if (apply) {
      await this.requests.settle(settled.get('CHANGE_REQUEST') ?? [], check.from);
      await this.decisions.settle(settled.get('ABSENCE_DECISION') ?? [], check.from);
    }
    return listed.sort((a, b) => a.lessonDate.localeCompare(b.lessonDate) || a.kind.localeCompare(b.kind) || a.id - b.id);
  }
}

const sameIds = (a: readonly number[], b: readonly number[]) => {
  const [x, y] = [[...a].sort((p, q) => p - q), [...b].sort((p, q) => p - q)];
  return x.length === y.length && x.every((id, index) => id === y[index]);
};


import { Injectable } from '@nestjs/common';
import { BadRequestError, NotFoundError } from '../../platform/http/app-error';
import { etagOf } from '../../platform/http/conditional';
import { wallClockNow } from '../../platform/http/wall-clock';
import { currentTenant } from '../../platform/tenancy/tenant-context';
import { offerableDate } from '../../schedule-engine/bygone';
import { daysBetween } from '../../schedule-engine/dates';
import { effectiveSlotOf } from '../../schedule-engine/effective-grid';
import { effectiveSlotsOn, GridSnapshot } from '../../schedule-engine/series-context';
import { eachDate } from '../../schedule-engine/weeks';
import { LESSON_SLOT_NOT_FOUND, LessonChanges, publishedOnly, ScheduleDataRepository } from '../core';
import { OverrideAvailabilityQuery, OverrideRegistryPageQuery, OverrideRegistryQuery } from './dto/override-request.dto';
import { OverrideAvailabilityResponse, OverrideResponse } from './dto/override-response.dto';
import { LessonChangeResponse, LessonChangesQuery } from './dto/lesson-change.dto';
import { OverrideRegistryRepository, RegistryFilter, RegistryRow } from './override-registry.repository';
import { OVERRIDE_NOT_FOUND } from './override-rules';
import { RegistryAnswer, RegistryCache } from './registry-cache';
import { RoomWarnings } from './room-warnings';

/** An answer that may not need making: its ETag first, the content only when the client's copy is stale. */
export interface ConditionalAnswer<T> {
  etag: string;
  make: () => Promise<T>;
}

/** Spec 8: the registry range holds at most 200 dates, both ends counted. */
export const MAX_REGISTRY_DATES = 200;

/**
 * The override registry and the availability of target dates. The registry lists only overrides of
 * PUBLISHED versions (those of archived and draft versions never reach the current schedule).
 */
@Injectable()
export class OverrideReads {
  constructor(
    private readonly registry: OverrideRegistryRepository,
    private readonly data: ScheduleDataRepository,
    private readonly changes: LessonChanges,
    private readonly cache: RegistryCache,
    private readonly rooms: RoomWarnings,
  ) {}

  /** The registry of a period (validated first): its ETag, and its UTF-8 JSON when the client's copy is not current. */
  async registryAnswer(query: OverrideRegistryQuery): Promise<ConditionalAnswer<Buffer>> {
    const filter = registryFilter(query);
    const period = JSON.stringify(filter);
    const stamp = await this.cache.stamp();
    return {
      etag: etagOf('override-registry', currentTenant().tenantKey, stamp, period),
      make: async () => (await this.answerOf(stamp, filter)).json,
    };
  }

  /**
   * A page of the registry of a period, filtered by action, group, teacher or classroom (issue 29: the
   * office's screen never loads a whole week of a large university at once); chosen from the period's
   * cached answer, by original date then id (`direction=desc`: newest dates first), and written from
   * its entries' JSON made once (RegistryAnswer.pageJson).
   */
  async registryPage(query: OverrideRegistryPageQuery): Promise<ConditionalAnswer<Buffer>> {
    const filter = registryFilter(query);
    const { page, size, direction, action, groupId, teacherId, classroomId } = query;
    const needle = query.query?.trim().toLocaleLowerCase('ru') ?? '';
    const stamp = await this.cache.stamp();
    const request = JSON.stringify([filter, page, size, direction, action, groupId, teacherId, classroomId, needle]);
    return {
      etag: etagOf('override-registry-page', currentTenant().tenantKey, stamp, request),
      make: async () => {
        const answer = await this.answerOf(stamp, filter);
        const chosen: number[] = [];
        answer.entries.forEach((entry, index) => {
          if (
            (action === undefined || entry.action === action) &&
            (groupId === undefined || entry.groupIds.includes(groupId)) &&
            (teacherId === undefined || entry.originalTeacherId === teacherId || entry.newTeacherId === teacherId) &&
            (classroomId === undefined || entry.originalClassroomId === classroomId || entry.newClassroomId === classroomId) &&
            (needle === '' || searchText(entry).includes(needle))
          ) {
            chosen.push(index);
          }
        });
        if (direction === 'desc') chosen.reverse();
        return answer.pageJson(chosen, page, size);
      },
    };
  }

  private answerOf(stamp: number, filter: RegistryFilter): Promise<RegistryAnswer> {
    return this.cache.answer(stamp, JSON.stringify(filter), async () => this.toResponses(await this.registry.list(filter)));
  }

  /** One entry by id (whatever its version's status): the answer of create, update and delete. */
  async get(id: number): Promise<OverrideResponse> {
    const [entry] = await this.toResponses(await this.registry.list({ id }));
    if (!entry) throw new NotFoundError(OVERRIDE_NOT_FOUND);
    return entry;
  }

  /**
   * The dates the lesson may move to: the semester's dates, other than the lesson's own, on which the
   * calendars of all its groups allow ordinary lessons. Whether the lesson fits at a given pair there
   * is decided when the move is saved. They are offered, so only from today on and never a Sunday
   * (`offerableDate`); a move to an earlier date may still be saved, recording what happened.
   */
  async availability(query: OverrideAvailabilityQuery): Promise<OverrideAvailabilityResponse> {
    const slot = await this.data.lessonSlot(query.baseRuleSlotId);
    if (!slot) throw new BadRequestError(LESSON_SLOT_NOT_FOUND);
    publishedOnly(slot.versionStatus);
    const { semester, rule, schedule, base } = await this.changes.locate(slot, query.lessonDate);
    const now = wallClockNow();
    const availableDates = eachDate(semester.startDate, semester.endDate).filter(
      (date) => date !== query.lessonDate && offerableDate(date, now) && rule.groupIds.every((groupId) => schedule.context.groupAllows(groupId, date)),
    );
    const needs = await this.rooms.needsOfSlot(query.baseRuleSlotId);
    return {
      semesterId: semester.id,
      semesterStartDate: semester.startDate,
      semesterEndDate: semester.endDate,
      availableDates,
      timeSlotId: base.timeSlotId,
      students: needs.students,
      requiredEquipment: needs.needed,
    };
  }

  /**
   * The one-off changes a group's or a teacher's timetable shows in a period (issue 45 §3): those whose
   * lesson was or is now in the range, of the group's lessons, or of the teacher's (taught by the rule
   * or given to them). Every week view asks for them, so the period's changes are made once per
   * schedule data stamp and shared (as the registry's), each request choosing its own; the stamp names
   * the ETag, so an unchanged week is answered 304.
   */
  async changesAnswer(query: LessonChangesQuery): Promise<ConditionalAnswer<LessonChangeResponse[]>> {
    if ((query.groupId === undefined) === (query.teacherId === undefined)) throw new BadRequestError('Укажите ровно один из параметров groupId и teacherId');
    const filter = registryFilter(query);
    const stamp = await this.cache.stamp();
    return {
      etag: etagOf('lesson-changes', currentTenant().tenantKey, stamp, JSON.stringify([filter, query.groupId, query.teacherId])),
      make: async () => {
        const all = await this.cache.changes(stamp, JSON.stringify(filter), () => this.changesIn(filter));
        return all.filter((change) =>
          query.groupId !== undefined ? change.groupIds.includes(query.groupId) : change.originalTeacherId === query.teacherId || change.newTeacherId === query.teacherId,
        );
      },
    };
  }

  private async changesIn(filter: RegistryFilter): Promise<LessonChangeResponse[]> {
    const rows = await this.registry.list(filter);
    if (rows.length === 0) return [];
    const dates = rows.map((row) => row.lessonDate).sort();
    const grids = await this.data.grids(dates[0], dates[dates.length - 1]);
    return rows.map((row) => toLessonChange(row, grids));
  }

  /** Rows to entries; the original times come from the bell schedules of the original dates (two more queries). */
  private async toResponses(rows: RegistryRow[]): Promise<OverrideResponse[]> {
    if (rows.length === 0) return [];
    const dates = rows.map((row) => row.lessonDate).sort();
    const grids = await this.data.grids(dates[0], dates[dates.length - 1]);
    return rows.map((row) => toResponse(row, grids));
  }
}

/** What the registry's text search looks in: the names a person reads in the entry. */
function searchText(entry: OverrideResponse): string {
  const names = [entry.subjectName, ...entry.groupNames, entry.originalTeacherName, entry.newTeacherName, entry.originalClassroomName, entry.newClassroomName];
  return names.filter(Boolean).join(' ').toLocaleLowerCase('ru');
}

function registryFilter(query: OverrideRegistryQuery): RegistryFilter {
  const { startDate, endDate } = query;
  if (startDate === undefined && endDate === undefined) return { all: true };
  if (startDate === undefined || endDate === undefined) {
    throw new BadRequestError('Период реестра задаётся только парой дат: укажите и startDate, и endDate');
  }
  if (startDate > endDate) throw new BadRequestError('Дата начала периода (startDate) позже даты окончания (endDate)');
  const dates = daysBetween(startDate, endDate) + 1;
  if (dates > MAX_REGISTRY_DATES) {
    throw new BadRequestError(`Период реестра может содержать не более ${MAX_REGISTRY_DATES} дат (обе границы включаются), запрошено ${dates}`);
  }
  return { startDate, endDate };
}

function toLessonChange(row: RegistryRow, grids: GridSnapshot): LessonChangeResponse {
  const entry = toResponse(row, grids);
  const original = effectiveSlotOf(
    { id: row.originalTimeSlotId, orderNumber: row.originalOrderNumber, startTime: row.originalBaseStartTime, endTime: row.originalBaseEndTime },
    effectiveSlotsOn(grids, row.lessonDate),
  );
  const cancelled = row.action === 'CANCEL';
  const moved = row.newTimeSlotId !== null;
  return {
    scheduleOverrideId: row.id,
    action: row.action,
    scheduleRuleSlotId: row.baseRuleSlotId,
    scheduleRuleId: row.scheduleRuleId,
    lessonDate: row.lessonDate,
    originalStartTime: entry.originalStartTime,
    originalEndTime: entry.originalEndTime,
    originalTimeSlotOrder: original.orderNumber,
    newLessonDate: cancelled ? null : (row.targetLessonDate ?? row.lessonDate),
    newStartTime: cancelled ? null : moved ? row.newStartTime : entry.originalStartTime,
    newEndTime: cancelled ? null : moved ? row.newEndTime : entry.originalEndTime,
    newTimeSlotOrder: cancelled ? null : moved ? row.newOrderNumber : original.orderNumber,
    originalTeacherId: row.originalTeacherId,
    originalTeacherName: row.originalTeacherName,
    newTeacherId: row.newTeacherId,
    newTeacherName: row.newTeacherName,
    originalClassroomName: row.originalClassroomName,
    newClassroomName: row.newClassroomName,
    originalLessonFormat: row.originalLessonFormat,
    newLessonFormat: row.newLessonFormat,
    subjectName: row.subjectName,
    lessonTypeName: row.lessonTypeName,
    groupIds: row.groupIds,
    groupNames: row.groupNames,
    subgroupNames: row.subgroupNames,
    comment: row.comment,
  };
}

function toResponse(row: RegistryRow, grids: GridSnapshot): OverrideResponse {
  const original = effectiveSlotOf(
    { id: row.originalTimeSlotId, orderNumber: row.originalOrderNumber, startTime: row.originalBaseStartTime, endTime: row.originalBaseEndTime },
    effectiveSlotsOn(grids, row.lessonDate),
  );
  return {
    id: row.id,
    scheduleVersionId: row.scheduleVersionId,
    semesterId: row.semesterId,
    semesterStartDate: row.semesterStartDate,
    semesterEndDate: row.semesterEndDate,
    baseRuleSlotId: row.baseRuleSlotId,
    scheduleRuleId: row.scheduleRuleId,
    action: row.action,
    lessonDate: row.lessonDate,
    targetLessonDate: row.targetLessonDate,
    originalStartTime: original.startTime,
    originalEndTime: original.endTime,
    originalTimeSlotId: row.originalTimeSlotId,
    originalTeacherId: row.originalTeacherId,
    originalTeacherName: row.originalTeacherName,
    originalClassroomId: row.originalClassroomId,
    originalClassroomName: row.originalClassroomName,
    originalLessonFormat: row.originalLessonFormat,
    newTimeSlotId: row.newTimeSlotId,
    newStartTime: row.newStartTime,
    newEndTime: row.newEndTime,
    newTeacherId: row.newTeacherId,
    newTeacherName: row.newTeacherName,
    newClassroomId: row.newClassroomId,
    newClassroomName: row.newClassroomName,
    newLessonFormat: row.newLessonFormat,
    subjectId: row.subjectId,
    subjectName: row.subjectName,
    lessonTypeId: row.lessonTypeId,
    lessonTypeName: row.lessonTypeName,
    groupIds: row.groupIds,
    groupNames: row.groupNames,
    subgroupIds: row.subgroupIds,
    subgroupNames: row.subgroupNames,
    comment: row.comment,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

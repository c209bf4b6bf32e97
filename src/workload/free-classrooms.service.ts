import { Injectable } from '@nestjs/common';
import { AuthUser } from '../platform/auth/auth-user';
import { BadRequestError } from '../platform/http/app-error';
import { intervalsOverlap } from '../schedule-engine/conflicts';
import { addDays, formatDate, isoDayOfWeek } from '../schedule-engine/dates';
import { effectiveSlotOf } from '../schedule-engine/effective-grid';
import { effectiveSlotsOn, GridSlot, GridSnapshot } from '../schedule-engine/series-context';
import { ActualLessons, ScheduleReads } from '../schedule/core';
import { FreeClassroomRow, FreeClassroomsAtPair, FreeClassroomsQuery } from './dto/workload.dto';
import { WorkloadLessons } from './workload-lessons';
import { WorkloadRepository } from './workload.repository';
import { workloadScope } from './workload-scope';
import { checkReportRange } from './workload.service';

/**
 * Rooms free at one pair of one date: rooms open for the schedule (not archived, `isAvailable`) that no
 * actual lesson (overrides applied, whatever its format) occupies at an overlapping time that day. Over
 * a period (spec 4.16's `startDate`/`endDate`): the same for every date, at one pair or at each pair of
 * the day's grid.
 */
@Injectable()
export class FreeClassroomsService {
  constructor(
    private readonly actual: ActualLessons,
    private readonly lessons: WorkloadLessons,
    private readonly schedule: ScheduleReads,
    private readonly repo: WorkloadRepository,
  ) {}

  async find(caller: AuthUser, query: FreeClassroomsQuery): Promise<FreeClassroomRow[] | FreeClassroomsAtPair[]> {
    // Rooms are shared by the whole university: the department only has to be the caller's own. It is
    // judged before any parameter is found missing, as in the other reports.
    workloadScope(caller, query.departmentId);
    if (query.startDate !== undefined || query.endDate !== undefined) return this.overPeriod(query);
    if (query.date === undefined) throw new BadRequestError('Поле «date» обязательно (или период startDate и endDate)');
    if (query.timeSlotId === undefined) throw new BadRequestError('Поле «timeSlotId» обязательно');
    const pair = pairOn(await this.schedule.grids(query.date, query.date), query.timeSlotId, query.date);
    const busy = new Set((await this.lessonsOn(query.date)).filter((lesson) => intervalsOverlap(lesson, pair)).map((lesson) => lesson.classroomId));
    const rooms = inBuilding(await this.repo.openRooms(query.minCapacity ?? 1, query.equipmentIds ?? []), query.building);
    return rooms.filter((room) => !busy.has(room.id));
  }

  /**
   * Every date of the period, at the asked pair or at each pair of the day's grid, with its free rooms.
   * A fixed number of queries: the grids, the period's lessons (kept semesters reused) and the rooms.
   */
  private async overPeriod(query: FreeClassroomsQuery): Promise<FreeClassroomsAtPair[]> {
    const { startDate, endDate, timeSlotId } = query;
    if (query.date !== undefined) throw new BadRequestError('Укажите либо дату (date), либо период (startDate и endDate), но не то и другое');
    if (startDate === undefined) throw new BadRequestError('Поле «startDate» обязательно вместе с endDate');
    if (endDate === undefined) throw new BadRequestError('Поле «endDate» обязательно вместе с startDate');
    checkReportRange(startDate, endDate);
    const grids = await this.schedule.grids(startDate, endDate);
    const pairsOf = (date: string) => (timeSlotId === undefined ? effectiveSlotsOn(grids, date) : [pairOn(grids, timeSlotId, date)]);
    // Pairs first: an unknown pair is refused before the lessons are laid out.
    const days: { date: string; pairs: readonly GridSlot[] }[] = [];
    for (let date = startDate; date <= endDate; date = addDays(date, 1)) days.push({ date, pairs: pairsOf(date) });
    const lessonsByDate = new Map<string, { classroomId: number; startTime: string; endTime: string }[]>();
    for (const lesson of await this.lessons.between(startDate, endDate)) {
      const ofDate = lessonsByDate.get(lesson.date) ?? [];
      ofDate.push(lesson);
      lessonsByDate.set(lesson.date, ofDate);
    }
    const rooms = inBuilding(await this.repo.openRooms(query.minCapacity ?? 1, query.equipmentIds ?? []), query.building);
    return days.flatMap(({ date, pairs }) =>
      pairs.map((pair) => {
        const busy = new Set((lessonsByDate.get(date) ?? []).filter((lesson) => intervalsOverlap(lesson, pair)).map((lesson) => lesson.classroomId));
        return {
          date,
          timeSlotId: pair.id,
          orderNumber: pair.orderNumber,
          startTime: pair.startTime,
          endTime: pair.endTime,
          classrooms: rooms.filter((room) => !busy.has(room.id)),
        };
      }),
    );
  }

  /**
   * The actual lessons of `date` in the published version of its semester (none outside semesters):
   * from the semester kept in memory when it is current, else loading only the rules that can have a
   * lesson that day (its weekday's slots and lessons moved onto it), so a lookup right after a change
   * does not lay out the whole semester.
   */
  private async lessonsOn(date: string) {
    const kept = await this.lessons.keptOn(date);
    if ('lessons' in kept) return kept.lessons;
    const { semesterId, versionId } = kept.load;
    const slotIds = await this.repo.slotsThatMayLandOn(versionId, date, isoDayOfWeek(date));
    const found = await this.actual.ofSemester(semesterId, { startDate: date, endDate: date, slotIds }, versionId);
    return found?.lessons ?? [];
  }
}

/**
 * The times of pair `timeSlotId` on `date`: a pair of the grid in effect that day, or a base pair
 * taken as the pair with its number in that grid (how a rule's lesson would be held then).
 */
function pairOn(grids: GridSnapshot, timeSlotId: number, date: string): GridSlot {
  const effective = effectiveSlotsOn(grids, date);
  const own = effective.find((slot) => slot.id === timeSlotId);
  if (own) return own;
  const base = grids.base.slots.find((slot) => slot.id === timeSlotId);
  if (base) return effectiveSlotOf(base, effective);
  throw new BadRequestError(`Пара с id ${timeSlotId} не входит ни в основную сетку звонков, ни в сетку, действующую ${formatDate(date)}`);
}

/** The rooms of one building (its name compared without case and surrounding spaces), or all. */
function inBuilding<T extends { building: string | null }>(rooms: T[], building: string | undefined): T[] {
  const wanted = building?.trim().toLocaleLowerCase('ru');
  return wanted ? rooms.filter((room) => room.building?.trim().toLocaleLowerCase('ru') === wanted) : rooms;
}

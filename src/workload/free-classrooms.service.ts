import { Injectable } from '@nestjs/common';
import { AuthUser } from '../platform/auth/auth-user';
import { BadRequestError } from '../platform/http/app-error';
import { intervalsOverlap } from '../schedule-engine/conflicts';
import { formatDate, isoDayOfWeek } from '../schedule-engine/dates';
import { effectiveSlotOf } from '../schedule-engine/effective-grid';
import { effectiveSlotsOn, GridSlot, GridSnapshot } from '../schedule-engine/series-context';
import { ActualLessons, ScheduleDataRepository } from '../schedule/core';
import { FreeClassroomRow, FreeClassroomsQuery } from './dto/workload.dto';
import { WorkloadLessons } from './workload-lessons';
import { WorkloadRepository } from './workload.repository';
import { workloadScope } from './workload-scope';

/**
 * Rooms free at one pair of one date: rooms open for the schedule (not archived, `isAvailable`) that no
 * actual lesson (overrides applied, whatever its format) occupies at an overlapping time that day.
 */
@Injectable()
export class FreeClassroomsService {
  constructor(
    private readonly actual: ActualLessons,
    private readonly lessons: WorkloadLessons,
    private readonly schedule: ScheduleDataRepository,
    private readonly repo: WorkloadRepository,
  ) {}

  async find(caller: AuthUser, query: FreeClassroomsQuery): Promise<FreeClassroomRow[]> {
    // Rooms are shared by the whole university: the department only has to be the caller's own.
    workloadScope(caller, query.departmentId);
    const pair = pairOn(await this.schedule.grids(query.date, query.date), query.timeSlotId, query.date);
    const busy = new Set((await this.lessonsOn(query.date)).filter((lesson) => intervalsOverlap(lesson, pair)).map((lesson) => lesson.classroomId));
    const rooms = await this.repo.openRooms(query.minCapacity ?? 1, query.equipmentIds ?? []);
    return rooms.filter((room) => !busy.has(room.id));
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

import { Injectable } from '@nestjs/common';
import { AuthUser } from '../platform/auth/auth-user';
import { BadRequestError } from '../platform/http/app-error';
import { formatDate, isoDayOfWeek } from '../schedule-engine/dates';
import { AcceptedCandidate, CandidateFinder, namedLesson, ScheduleReads } from '../schedule/core';
import { ChangeRequestsRepository } from './change-requests.repository';
import {
  CandidateClassroom,
  CandidateDate,
  CandidateLesson,
  CandidatesQuery,
  CandidateTimeSlot,
  ChangeRequestCandidatesResponse,
} from './dto/change-request.dto';
import { MoveRooms, onlyRoomTaken } from './move-rooms';
import { ensureAhead, LESSON_ALREADY_BEGUN, RequestableLessons } from './requestable-lessons';

/**
 * Pre-checked options for a request (spec 4.15): the semester's dates where the lesson could move
 * (some pair of that day's grid is free for it), the free pairs of the chosen day with the room the
 * lesson would have there, and the rooms free at the lesson's own time. Every option comes from the core's candidate finder, so each has passed
 * the checks override application runs (clashes, calendars, effective grid, absences, hard
 * unavailability) and a request built from it is accepted as it is.
 */
@Injectable()
export class ChangeRequestCandidatesService {
  constructor(
    private readonly lessons: RequestableLessons,
    private readonly finder: CandidateFinder,
    private readonly data: ScheduleReads,
    private readonly requests: ChangeRequestsRepository,
    private readonly moveRooms: MoveRooms,
  ) {}

  async candidates(caller: AuthUser, query: CandidatesQuery): Promise<ChangeRequestCandidatesResponse> {
    const owner = caller.role === 'TEACHER' ? caller.userId : undefined;
    const { slot, scene } = await this.lessons.locate(query.baseRuleSlotId, query.lessonDate, owner);
    const { semester, base } = scene;
    // The teacher's form asks only about what is ahead; the office may look at any lesson it reviews.
    if (owner !== undefined) ensureAhead(base, LESSON_ALREADY_BEGUN);
    const targetDate = query.targetDate ?? base.date;
    if (targetDate < semester.startDate || targetDate > semester.endDate) {
      throw new BadRequestError(`Дата «targetDate» должна быть внутри семестра занятия (${formatDate(semester.startDate)} – ${formatDate(semester.endDate)})`);
    }
    const found = await this.finder.findAll(slot.slotId, base.date, { TIME_SLOT: {}, DATE_TIME: {}, CLASSROOM: {} });
    const isMove = (kind: string) => kind === 'TIME_SLOT' || kind === 'DATE_TIME';
    // A move keeps the lesson's room where it is free (the validator accepts it as it is); where only
    // that room is taken, the move is offered with the free fitting room the office's application
    // would assign (issue 55). Information only: the request itself carries no room (spec 4.15).
    const ownRoom = found.accepted.filter((candidate) => isMove(candidate.kind)).map((candidate) => ({ ...candidate, ownRoom: true }));
    const refused = found.rejected.filter((candidate) => isMove(candidate.kind) && onlyRoomTaken(candidate.clashFields)).map((candidate) => candidate.change);
    const roomed = [...(await this.moveRooms.placeRefused(scene, refused)).values()].map((placed) => ({ ...placed, ownRoom: false }));
    const moves = [...ownRoom, ...roomed];
    const rooms = found.accepted.filter((candidate) => candidate.kind === 'CLASSROOM');
    const movesThatDay = moves.filter((candidate) => candidate.lesson.date === targetDate);
    const roomNames = new Map((await this.requests.classrooms([...new Set(movesThatDay.map((candidate) => candidate.lesson.classroomId))])).map((room) => [room.requestedClassroomId, room]));

    return {
      lesson: await this.lessonOf(scene.base),
      semesterId: semester.id,
      semesterStartDate: semester.startDate,
      semesterEndDate: semester.endDate,
      pendingRequestId: (await this.requests.pendingOf(slot.slotId, base.date)) ?? null,
      targetDate,
      dates: datesOf(moves),
      timeSlots: movesThatDay
        .map(
          (candidate): CandidateTimeSlot => ({
            targetLessonDate: candidate.change.targetLessonDate,
            requestedTimeSlotId: candidate.lesson.timeSlotId,
            timeSlotOrder: candidate.lesson.timeSlotOrder,
            startTime: candidate.lesson.startTime,
            endTime: candidate.lesson.endTime,
            classroomId: candidate.lesson.classroomId,
            classroomName: roomNames.get(candidate.lesson.classroomId)?.classroomName ?? '',
            ownClassroom: candidate.ownRoom,
          }),
        )
        .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.timeSlotOrder - b.timeSlotOrder),
      classrooms: await this.classroomsOf(rooms),
      canCancel: true,
    };
  }

  private async lessonOf(lesson: AcceptedCandidate['lesson']): Promise<CandidateLesson> {
    const subgroupIds = lesson.slot.subgroups.map((subgroup) => subgroup.id);
    const names = await this.data.names({
      teacherIds: [lesson.teacherId],
      classroomIds: [lesson.classroomId],
      groupIds: lesson.rule.groupIds,
      subgroupIds,
    });
    return {
      ...namedLesson(lesson, names),
      lessonDate: lesson.date,
      teacherId: lesson.teacherId,
      teacherName: names.teachers.get(lesson.teacherId) ?? '',
    };
  }

  private async classroomsOf(rooms: readonly AcceptedCandidate[]): Promise<CandidateClassroom[]> {
    const rows = await this.requests.classrooms(rooms.map((room) => room.lesson.classroomId));
    return rows.sort((a, b) => a.classroomName.localeCompare(b.classroomName, 'ru') || a.requestedClassroomId - b.requestedClassroomId);
  }
}

/** The days with at least one accepted move, in date order, with how many pairs are free there. */
function datesOf(moves: readonly { lesson: AcceptedCandidate['lesson'] }[]): CandidateDate[] {
  const counts = new Map<string, number>();
  for (const move of moves) counts.set(move.lesson.date, (counts.get(move.lesson.date) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, freeTimeSlotCount]) => ({ date, dayOfWeek: isoDayOfWeek(date), freeTimeSlotCount }));
}

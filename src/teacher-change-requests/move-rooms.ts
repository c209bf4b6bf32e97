import { Injectable } from '@nestjs/common';
import { AppError, ConflictError } from '../platform/http/app-error';
import { ConflictField, intervalsOverlap } from '../schedule-engine/conflicts';
import { isoDayOfWeek } from '../schedule-engine/dates';
import { ActualLesson, originalDateOf } from '../schedule-engine/override-application';
import { effectiveSlotsOn } from '../schedule-engine/series-context';
import { RoomWarnings } from '../schedule';
import { ActualLessons, ClashRefusal, describeMoment, LessonChange, LessonChanges, LessonScene } from '../schedule/core';
import { ChangeRequestsRepository, FittingRoom } from './change-requests.repository';

/** How many fitting rooms, in the order of preference, the candidates try at each place. */
const ROOMS_TRIED_FOR_CANDIDATES = 12;

/** A move whose lesson's own room is taken then, placed in a free room that seats its students and holds its equipment. */
export interface RoomedMove {
  /** The move with `newClassroomId` set to that room. */
  change: LessonChange;
  lesson: ActualLesson;
}

/** A move checked as the office's application would do it: the change to write and the lesson it makes. */
export interface SettledMove {
  change: LessonChange;
  lesson: ActualLesson;
  /** False when the lesson's own room is taken at the new place and another room was chosen. */
  ownRoom: boolean;
}

/**
 * The room a teacher's MOVE request gets (issue 55). Spec 4.15 keeps the request without a room, so a
 * move keeps the lesson's room when that room is free at the new place; when it is taken, the move is
 * still possible in a free room that seats the lesson's students and has its subject's equipment —
 * the smallest such room, of the own room's building first — and the office's application assigns it.
 * A place where no such room is free is not offered and not accepted: the office would have to find a
 * room by hand, which is a one-off change of its own, not a teacher's request.
 *
 * Only a place the validator refused for a clash of the room alone is looked at (another room cures
 * nothing else). Which rooms are taken there comes from one load of the lessons of the first fitting
 * rooms over the dates concerned, whatever the number of places (ROOMS_TRIED_FOR_CANDIDATES; a single
 * place at submission or application tries every room before refusing). Each place's choice is then
 * checked by the override validator like any change, in one prepared scope.
 */
@Injectable()
export class MoveRooms {
  constructor(
    private readonly actual: ActualLessons,
    private readonly changes: LessonChanges,
    private readonly warnings: RoomWarnings,
    private readonly requests: ChangeRequestsRepository,
  ) {}

  /**
   * For moves the validator refused only because the lesson's own room is taken there (their first
   * clash shares just the room: `onlyRoomTaken`), placed in a free fitting room (keyed by the refused
   * change). Those where no tried room is free, or that still clash in it, are left out.
   */
  async placeRefused(scene: LessonScene, refused: readonly LessonChange[]): Promise<Map<LessonChange, RoomedMove>> {
    const placed = new Map<LessonChange, RoomedMove>();
    const choices = await this.choose(scene, refused, ROOMS_TRIED_FOR_CANDIDATES);
    const tried = [...choices.entries()].flatMap(([move, choice]) => (choice.room ? [{ move, change: { ...move, newClassroomId: choice.room.id } }] : []));
    if (tried.length === 0) return placed;
    const check = await this.changes.prepare(scene, tried.map(({ change }) => change), 0);
    for (const { move, change } of tried) {
      const lesson = check.attempt(change).lesson;
      if (lesson) placed.set(move, { change, lesson });
    }
    return placed;
  }

  /**
   * One move as submission and application decide it: with the own room when it is free, else with a
   * free fitting room; refused (4xx, nothing changed) otherwise, saying so when only a room is missing.
   */
  async settle(scene: LessonScene, move: LessonChange): Promise<SettledMove> {
    const first = (await this.changes.prepare(scene, [move], 0)).attempt(move);
    if (first.lesson) return { change: move, lesson: first.lesson, ownRoom: true };
    const refusal = first.refusal as AppError;
    // Another room cures only a clash of the room alone.
    if (!(refusal instanceof ClashRefusal) || !onlyRoomTaken(refusal.clashFields)) throw refusal;
    // The first rooms as the candidates tried them, then every room before saying none is free.
    let choice = (await this.choose(scene, [move], ROOMS_TRIED_FOR_CANDIDATES)).get(move);
    if (!choice?.room) choice = (await this.choose(scene, [move])).get(move);
    if (!choice) throw refusal;
    if (!choice.room) {
      const [own] = await this.requests.classrooms([scene.base.classroomId]);
      throw new ConflictError(noRoomMessage(own?.classroomName ?? String(scene.base.classroomId), choice)).at('newTimeSlotId');
    }
    const change = { ...move, newClassroomId: choice.room.id };
    const second = (await this.changes.prepare(scene, [change], 0)).attempt(change);
    if (second.lesson) return { change, lesson: second.lesson, ownRoom: false };
    throw second.refusal as AppError;
  }

  /**
   * For each move (one whose own room is taken there): the first fitting room free then, none when
   * every one tried is taken. `roomLimit` tries only the first rooms of the preference order: a few
   * rooms' lessons are quick to lay out, while all rooms would mean nearly every rule of the semester.
   */
  private async choose(scene: LessonScene, moves: readonly LessonChange[], roomLimit?: number): Promise<Map<LessonChange, RoomChoice>> {
    const choices = new Map<LessonChange, RoomChoice>();
    const { base, grids } = scene;
    const landings = moves.flatMap((move) => {
      const date = move.targetLessonDate ?? base.date;
      const pair = effectiveSlotsOn(grids, date).find((slot) => slot.id === move.newTimeSlotId);
      return pair ? [{ move, date, pair }] : [];
    });
    if (landings.length === 0) return choices;
    const needs = await this.warnings.needsOfSlot(base.slotId);
    const rooms = (await this.requests.fittingRooms(needs.students, needs.needed.map((item) => item.id), base.classroomId)).slice(0, roomLimit);
    const busy = await this.takenAt(scene, rooms.map((room) => room.id), landings);
    landings.forEach(({ move, date, pair }, index) => {
      choices.set(move, { room: rooms.find((room) => !busy[index].has(room.id)), date, startTime: pair.startTime, endTime: pair.endTime, needs });
    });
    return choices;
  }

  /** For each landing, which of `classroomIds` another lesson holds then: one load of those rooms' lessons over the landings' dates. */
  private async takenAt(scene: LessonScene, classroomIds: readonly number[], landings: readonly Landing[]): Promise<Set<number>[]> {
    if (classroomIds.length === 0 || landings.length === 0) return landings.map(() => new Set());
    const { base, semester } = scene;
    const dates = landings.map((landing) => landing.date).sort();
    const loaded = await this.actual.ofSemester(semester.id, { classroomIds, startDate: dates[0], endDate: dates[dates.length - 1] });
    const byDate = new Map<string, ActualLesson[]>();
    for (const lesson of loaded?.lessons ?? []) {
      // The lesson itself leaves its place, so it never makes a room taken.
      if (lesson.slotId === base.slotId && originalDateOf(lesson) === base.date) continue;
      byDate.set(lesson.date, [...(byDate.get(lesson.date) ?? []), lesson]);
    }
    return landings.map(({ date, pair }) => new Set((byDate.get(date) ?? []).filter((lesson) => intervalsOverlap(lesson, pair)).map((lesson) => lesson.classroomId)));
  }
}

/** Whether a clash is of the room alone (the lesson would share nothing else with the lesson it meets). */
export function onlyRoomTaken(clashFields: readonly ConflictField[] | undefined): boolean {
  return clashFields !== undefined && clashFields.length > 0 && clashFields.every((field) => field === 'classroom');
}

interface Landing {
  date: string;
  pair: { startTime: string; endTime: string };
}

interface RoomChoice {
  room: FittingRoom | undefined;
  date: string;
  startTime: string;
  endTime: string;
  needs: { students: number; needed: { id: number; name: string }[] };
}

/** «Аудитория «1-101» занята 10.09.2026 (четверг), 11:50–13:20, а свободной аудитории на 24 места … нет». */
function noRoomMessage(ownRoomName: string, choice: RoomChoice): string {
  const equipment = choice.needs.needed.length > 0 ? ` с оборудованием: ${choice.needs.needed.map((item) => item.name).join(', ')}` : '';
  const moment = describeMoment({ date: choice.date, dayOfWeek: isoDayOfWeek(choice.date), startTime: choice.startTime, endTime: choice.endTime });
  return (
    `Аудитория занятия «${ownRoomName}» занята ${moment}, а свободной аудитории не меньше чем на ${choice.needs.students} мест${equipment} ` +
    'в это время нет: выберите другую пару или день'
  );
}

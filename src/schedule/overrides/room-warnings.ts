import { Injectable, Module } from '@nestjs/common';
import { RoomWarning, roomWarnings } from '../../schedule-engine/room-warnings';
import { RoomWarningsRepository } from './room-warnings.repository';

/**
 * Warnings about the room of lessons just changed (issue 55): a room with fewer seats than the
 * lesson's students, or without the equipment its subject's lessons of that type need. Only for a
 * change that places the lesson (a move, a new room or a new format): a substitute teacher alone
 * says nothing about a room the lesson already had. Shared by one-off changes, the office's
 * application of a teacher's change request and an absence's decisions, which all write overrides.
 */
@Injectable()
export class RoomWarnings {
  constructor(private readonly rooms: RoomWarningsRepository) {}

  /** Warnings by override id (an id without warnings is absent). */
  async ofOverrides(overrideIds: readonly number[]): Promise<Map<number, RoomWarning[]>> {
    const result = new Map<number, RoomWarning[]>();
    for (const row of await this.rooms.load(overrideIds)) {
      if (!row.placesRoom) continue;
      const found = roomWarnings({
        lessonFormat: row.lessonFormat,
        room: { name: row.roomName, capacity: row.capacity, equipmentIds: row.equipmentIds },
        students: row.students,
        needed: row.needed,
      });
      if (found.length > 0) result.set(row.overrideId, found);
    }
    return result;
  }

  /** Seats and equipment any room of a lesson of this rule slot should have (for the forms' room lists). */
  async needsOfSlot(slotId: number): Promise<{ students: number; needed: { id: number; name: string }[] }> {
    return (await this.rooms.needsOfSlot(slotId)) ?? { students: 0, needed: [] };
  }

  async ofOverride(overrideId: number): Promise<RoomWarning[]> {
    return (await this.ofOverrides([overrideId])).get(overrideId) ?? [];
  }
}

/** For the features outside the schedule that write overrides (change requests, absences). */
@Module({ providers: [RoomWarningsRepository, RoomWarnings], exports: [RoomWarnings] })
export class RoomWarningsModule {}

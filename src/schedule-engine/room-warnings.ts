/**
 * What the office should know about the room a changed lesson lands in (issue 55): the spec counts
 * seats and equipment as quality, not as refusals, so a one-off change into a smaller room or one
 * without the subject's instruments is saved, and its answer says so. Online lessons use no room.
 */
import { lackText, missingEquipment, ONLINE_FORMAT } from './room-equipment';

export type RoomWarningCode = 'ROOM_TOO_SMALL' | 'ROOM_LACKS_EQUIPMENT';

export interface RoomWarning {
  code: RoomWarningCode;
  message: string;
}

export interface RoomUse {
  lessonFormat: string;
  room: { name: string; capacity: number; equipmentIds: readonly number[] };
  /** Students the lesson gathers: each group whole, or its subgroup where the slot names one. */
  students: number;
  /** The equipment the subject's lessons of this type need. */
  needed: readonly { id: number; name: string }[];
}

/** «студент», «студента», «студентов» for `count`. */
export function studentsWord(count: number): string {
  const tens = count % 100;
  const units = count % 10;
  if (tens >= 11 && tens <= 14) return 'студентов';
  if (units === 1) return 'студент';
  if (units >= 2 && units <= 4) return 'студента';
  return 'студентов';
}

/** «место», «места», «мест» for `count`. */
export function seatsWord(count: number): string {
  const tens = count % 100;
  const units = count % 10;
  if (tens >= 11 && tens <= 14) return 'мест';
  if (units === 1) return 'место';
  if (units >= 2 && units <= 4) return 'места';
  return 'мест';
}

export function roomWarnings(use: RoomUse): RoomWarning[] {
  if (use.lessonFormat === ONLINE_FORMAT) return [];
  const warnings: RoomWarning[] = [];
  const { room, students } = use;
  if (students > room.capacity) {
    warnings.push({
      code: 'ROOM_TOO_SMALL',
      message: `В аудитории ${room.name} ${room.capacity} ${seatsWord(room.capacity)}, а на занятии ${students} ${studentsWord(students)}`,
    });
  }
  const missing = missingEquipment(use.needed, room.equipmentIds);
  if (missing.length > 0) warnings.push({ code: 'ROOM_LACKS_EQUIPMENT', message: `В аудитории ${room.name} ${lackText(missing)}` });
  return warnings;
}

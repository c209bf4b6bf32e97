/**
 * What a subject's lessons of a type need in their room (issues 43 and 45 §5), and whether a room has
 * it. One rule for every check: rule creation and change, version validation, the free-room lists and
 * the solver. Online lessons need nothing of a room.
 */

/** Subject id → lesson type id → the equipment its lessons of that type need. */
export type EquipmentRequirements = ReadonlyMap<number, ReadonlyMap<number, readonly { id: number; name: string }[]>>;

export const ONLINE_FORMAT = 'Онлайн';

/** The equipment a lesson of `subjectId` and `lessonTypeId` in `format` needs; empty when none. */
export function requiredEquipment(
  requirements: EquipmentRequirements,
  lesson: { subjectId: number; lessonTypeId: number; lessonFormat: string },
): readonly { id: number; name: string }[] {
  if (lesson.lessonFormat === ONLINE_FORMAT) return [];
  return requirements.get(lesson.subjectId)?.get(lesson.lessonTypeId) ?? [];
}

/** Of what is needed, what the room lacks (in the order needed). */
export function missingEquipment(needed: readonly { id: number; name: string }[], roomEquipmentIds: readonly number[] | ReadonlySet<number>): { id: number; name: string }[] {
  if (needed.length === 0) return [];
  const has = roomEquipmentIds instanceof Set ? roomEquipmentIds : new Set(roomEquipmentIds as readonly number[]);
  return needed.filter((item) => !has.has(item.id));
}

/** «нет оборудования «Осциллограф», «Генератор»» */
export function lackText(missing: readonly { name: string }[]): string {
  return `нет оборудования ${missing.map((item) => `«${item.name}»`).join(', ')}`;
}

/** Builds the requirements map from rows (subject, lesson type, equipment). */
export function requirementsFrom(rows: readonly { subjectId: number; lessonTypeId: number; equipmentId: number; equipmentName: string }[]): EquipmentRequirements {
  const bySubject = new Map<number, Map<number, { id: number; name: string }[]>>();
  for (const row of rows) {
    let byType = bySubject.get(row.subjectId);
    if (!byType) bySubject.set(row.subjectId, (byType = new Map<number, { id: number; name: string }[]>()));
    let list = byType.get(row.lessonTypeId);
    if (!list) byType.set(row.lessonTypeId, (list = []));
    list.push({ id: row.equipmentId, name: row.equipmentName });
  }
  return bySubject;
}

import { audiencesOverlap } from './conflicts';
import { isoDayOfWeek } from './dates';
import { audienceOf } from './lesson-expansion';
import { OverrideRecord } from './override-application';
import { LoadedRule, LoadedSlot } from './rule-model';
import { GridSnapshot } from './series-context';

/**
 * Which stored rules are worth generating before a clash check. Laying out a rule's lessons costs far
 * more than looking at its weekly slots, so rules whose slots can never meet the new rule's are left
 * out. The test is exact on the "never" side: two lessons clash only on one date (so one weekday), in
 * a week both parities accept, at overlapping times and with a shared teacher, room or audience.
 * In a published version one-off changes put lessons elsewhere: a rule is also kept when one of its
 * overrides lands a lesson where it may meet the new rule (`overrideMayMeet`).
 */

/**
 * Weekdays on which some date of the semester has a bell schedule other than the base one (the
 * Saturday grid, when it has pairs, or a manual grid). Only there can two different base pairs overlap:
 * pairs of one grid never do, and each base pair maps to the pair with its number or keeps its time.
 */
export function irregularWeekdays(grids: GridSnapshot): Set<number> {
  const days = new Set<number>();
  if (grids.saturday && grids.saturday.slots.length > 0) days.add(6);
  for (const date of grids.manualByDate.keys()) days.add(isoDayOfWeek(date));
  return days;
}

function slotsMayMeet(a: LoadedRule, x: LoadedSlot, b: LoadedRule, y: LoadedSlot, irregular: ReadonlySet<number>): boolean {
  if (x.dayOfWeek !== y.dayOfWeek) return false;
  if (x.parity !== 'BOTH' && y.parity !== 'BOTH' && x.parity !== y.parity) return false;
  if (x.timeSlotId !== y.timeSlotId && !irregular.has(x.dayOfWeek)) return false;
  return x.teacherId === y.teacherId || x.classroomId === y.classroomId || audiencesOverlap(audienceOf(a, x), audienceOf(b, y));
}

/** Whether some lesson of `a` could ever clash with some lesson of `b`. */
export function mayMeet(a: LoadedRule, b: LoadedRule, irregular: ReadonlySet<number>): boolean {
  return a.slots.some((x) => b.slots.some((y) => slotsMayMeet(a, x, b, y, irregular)));
}

/**
 * The place the lesson `override` makes of a lesson of `rule` takes, as a weekly slot of the rule: the
 * weekday of its target (or own) date, its new (or own) pair, teacher and room, the audience of its
 * slot, any parity. Undefined for a CANCEL and for an override of a slot the rule no longer has.
 */
export function landingSlot(rule: LoadedRule, override: OverrideRecord): LoadedSlot | undefined {
  if (override.action === 'CANCEL') return undefined;
  const base = rule.slots.find((slot) => slot.id === override.baseRuleSlotId);
  if (!base) return undefined;
  return {
    ...base,
    dayOfWeek: isoDayOfWeek(override.targetLessonDate ?? override.lessonDate),
    parity: 'BOTH',
    timeSlotId: override.newTime?.timeSlotId ?? base.timeSlotId,
    teacherId: override.newTeacherId ?? base.teacherId,
    classroomId: override.newClassroomId ?? base.classroomId,
  };
}

/**
 * Whether the lesson `override` makes of a lesson of `b` could clash with some lesson of `a`: it lands
 * on a weekday and pair of one of `a`'s slots (any pair on an irregular weekday) and keeps or takes a
 * teacher, room or audience of that slot. Parity and hours are not looked at (the answer may be "yes"
 * for a lesson that never meets; generation then decides).
 */
export function overrideMayMeet(a: LoadedRule, b: LoadedRule, override: OverrideRecord, irregular: ReadonlySet<number>): boolean {
  const landed = landingSlot(b, override);
  return landed !== undefined && a.slots.some((x) => slotsMayMeet(a, x, b, landed, irregular));
}

/**
 * `rule` with a slot for the landing place of each of its own overrides (see `landingSlot`): where its
 * lessons may be once its one-off changes apply, for the candidate query and the prefilter on update.
 */
export function withLandings(rule: LoadedRule, overrides: readonly OverrideRecord[]): LoadedRule {
  const landed = overrides.flatMap((override) => landingSlot(rule, override) ?? []);
  return landed.length === 0 ? rule : { ...rule, slots: [...rule.slots, ...landed] };
}

/** What the slots of one weekly place (a weekday and pair, or a whole irregular weekday) and one parity hold. */
interface PlaceHolders {
  teachers: Set<number>;
  classrooms: Set<number>;
  /** Per group: whether a slot has the whole group, and the subgroups slots have. */
  groups: Map<number, { whole: boolean; subgroups: Set<number> }>;
}

/**
 * `mayMeet(reach, other)` and `overrideMayMeet(reach, other, override)` for many stored rules against
 * one large reach (thousands of slots, when the changes of many lessons are checked together): the
 * reach's slots are indexed once by weekday, pair and parity, with their teachers, rooms and
 * audiences in sets, so each stored slot costs a few lookups instead of a scan. The answers are
 * exactly those of `mayMeet` and `overrideMayMeet`.
 */
export class ReachIndex {
  private readonly places = new Map<string, Map<LoadedSlot['parity'], PlaceHolders>>();

  constructor(
    reach: LoadedRule,
    private readonly irregular: ReadonlySet<number>,
  ) {
    for (const slot of reach.slots) {
      const byParity = this.places.get(this.placeOf(slot)) ?? new Map<LoadedSlot['parity'], PlaceHolders>();
      this.places.set(this.placeOf(slot), byParity);
      let holders = byParity.get(slot.parity);
      if (!holders) {
        holders = { teachers: new Set(), classrooms: new Set(), groups: new Map() };
        byParity.set(slot.parity, holders);
      }
      holders.teachers.add(slot.teacherId);
      holders.classrooms.add(slot.classroomId);
      for (const member of audienceOf(reach, slot)) {
        const group = holders.groups.get(member.groupId) ?? { whole: false, subgroups: new Set<number>() };
        holders.groups.set(member.groupId, group);
        if (member.subgroupId === null) group.whole = true;
        else group.subgroups.add(member.subgroupId);
      }
    }
  }

  /** `mayMeet(reach, other, irregular)`. */
  meets(other: LoadedRule): boolean {
    return other.slots.some((slot) => this.slotMeets(other, slot));
  }

  /** `overrideMayMeet(reach, other, override, irregular)`. */
  overrideMeets(other: LoadedRule, override: OverrideRecord): boolean {
    const landed = landingSlot(other, override);
    return landed !== undefined && this.slotMeets(other, landed);
  }

  /** Pairs of one grid never overlap: on a regular weekday only the same pair can meet, on an irregular one any pair. */
  private placeOf(slot: LoadedSlot): string {
    return this.irregular.has(slot.dayOfWeek) ? `${slot.dayOfWeek}` : `${slot.dayOfWeek}:${slot.timeSlotId}`;
  }

  private slotMeets(rule: LoadedRule, slot: LoadedSlot): boolean {
    const byParity = this.places.get(this.placeOf(slot));
    if (!byParity) return false;
    const audience = audienceOf(rule, slot);
    for (const [parity, holders] of byParity) {
      if (parity !== 'BOTH' && slot.parity !== 'BOTH' && parity !== slot.parity) continue;
      if (holders.teachers.has(slot.teacherId) || holders.classrooms.has(slot.classroomId)) return true;
      const shared = audience.some((member) => {
        const group = holders.groups.get(member.groupId);
        return group !== undefined && (member.subgroupId === null || group.whole || group.subgroups.has(member.subgroupId));
      });
      if (shared) return true;
    }
    return false;
  }
}

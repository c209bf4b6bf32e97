import {
  DEFAULT_SOLVER_RULES,
  QualityFacts,
  QualityWeights,
  ROOM_OVERSIZE_MIN_EMPTY_SEATS,
  ROOM_OVERSIZE_RATIO,
  UNEVEN_TOLERANCE_PAIRS,
  weightsOf,
} from '../../schedule-engine/quality';
import { isoDayOfWeek } from '../../schedule-engine/dates';
import { EquipmentRequirements, missingEquipment, ONLINE_FORMAT, requiredEquipment } from '../../schedule-engine/room-equipment';
import { LoadedRule, LoadedSlot } from '../../schedule-engine/rule-model';
import { weekNumber, weekParity } from '../../schedule-engine/weeks';
import type { SolverEvent, SolverMode, SolverProblem, SolverResource } from '../../schedule-solver';

/**
 * The service's adapter to the solver (issue 43): a version's rule slots become the solver's events,
 * its teachers, groups and subgroups its resources, the base grid's pairs on Monday..Saturday its
 * cells, and the quality report's weights its soft costs. Pure: everything comes in loaded.
 */

/** Monday..Saturday: a university office does not put weekly lessons on Sunday. */
export const TEACHING_DAYS = 6;

const WEEKS_OF_PARITY: Record<LoadedSlot['parity'], number> = { ODD: 1, EVEN: 2, BOTH: 3 };

/** A slot as the adapter reads it: unplaced slots of a draft have no day, pair or room. */
export interface SlotInput {
  id: number;
  dayOfWeek: number | null;
  timeSlotId: number | null;
  classroomId: number | null;
  parity: LoadedSlot['parity'];
  teacherId: number;
  lessonKind: LoadedSlot['lessonKind'];
  subgroups: { id: number; groupId: number }[];
  /** With the subject, what decides the equipment its room needs (absent: nothing is needed). */
  lessonTypeId?: number;
  lessonFormat?: string;
  /** The slot's period (issue 53): null or absent is open. */
  activeFrom?: string | null;
  activeTo?: string | null;
}

export interface RuleInput extends Omit<LoadedRule, 'slots'> {
  slots: SlotInput[];
}

export interface ProblemInput {
  mode: SolverMode;
  rules: readonly RuleInput[];
  /** The base grid's pairs, in order: a cell's period is its position here. */
  basePairs: readonly { id: number; orderNumber: number }[];
  /** The rooms lessons may use (active ones), with seats. */
  rooms: readonly { id: number; capacity: number }[];
  facts: QualityFacts;
  /** Rules the office locked (issue 54 §1): their slots stay where they are. */
  lockedRuleIds: ReadonlySet<number>;
  /**
   * The first day the solver may change (issue 53): a slot whose period ended before it is history and
   * no event at all; a one-date unavailability before it closes nothing. Absent: the whole semester.
   */
  fromDate?: string;
  /** The semester's dates: a one-date hard unavailability closes its weekday in that date's week parity. */
  semester?: { startDate: string; endDate: string };
  /** What subjects' lessons need in their rooms and what each room has; absent: any room fits. */
  equipment?: { requirements: EquipmentRequirements; roomEquipment: ReadonlyMap<number, readonly number[]> };
}

/** One event's origin, to map the result back and explain it. */
export interface EventOrigin {
  rule: RuleInput;
  slot: SlotInput;
  /** Its audience and the equipment its room needs: what «no room fits» is about. */
  students: number;
  needed: readonly { id: number; name: string }[];
  /** True when rooms smaller than `students` were closed to it (issue 54 §3). */
  seatsHard: boolean;
}

/** What the solver could not even try: a locked rule's slot that has no place to keep. */
export interface LockedUnplaced {
  rule: RuleInput;
  slot: SlotInput;
}

export interface BuiltProblem {
  problem: SolverProblem;
  origins: EventOrigin[];
  lockedUnplaced: LockedUnplaced[];
  /** Resource index → what it is, for the reasons. */
  resources: ResourceOrigin[];
  roomIds: number[];
  /** Every soft weight is the report's times this (whole numbers for a subgroup's share): divide the solver's costs by it. */
  costScale: number;
}

export type ResourceOrigin = { kind: 'teacher' | 'group' | 'subgroup'; id: number };

/**
 * What the solver may do with a slot, the one decision both «what was given stays given» (issue 53)
 * and the office's locks (issue 54) come down to: `past` slots (their period ended before `fromDate`)
 * are not in the problem, `fixed` ones are events that never move, `free` ones the search places.
 */
export type SlotRole = 'past' | 'fixed' | 'free';

export function slotRole(input: Pick<ProblemInput, 'lockedRuleIds' | 'fromDate'>, rule: Pick<RuleInput, 'id'>, slot: Pick<SlotInput, 'activeTo'>): SlotRole {
  if (input.fromDate !== undefined && slot.activeTo != null && slot.activeTo < input.fromDate) return 'past';
  return input.lockedRuleIds.has(rule.id) ? 'fixed' : 'free';
}

export function buildProblem(input: ProblemInput): BuiltProblem {
  const periods = input.basePairs.length;
  const periodOfPair = new Map(input.basePairs.map((pair, index) => [pair.id, index]));
  const periodOfOrder = new Map(input.basePairs.map((pair, index) => [pair.orderNumber, index]));
  const roomIds = input.rooms.map((room) => room.id);
  const roomIndex = new Map(roomIds.map((id, index) => [id, index]));
  const roomCapacities = input.rooms.map((room) => room.capacity);

  // The subgroups lessons of the version name, by group: a whole-group lesson holds each of them.
  const subgroupsOfGroup = new Map<number, Set<number>>();
  const groupOfSubgroup = new Map<number, number>();
  for (const rule of input.rules) {
    for (const slot of rule.slots) {
      if (slotRole(input, rule, slot) === 'past') continue;
      for (const subgroup of slot.subgroups) {
        let set = subgroupsOfGroup.get(subgroup.groupId);
        if (!set) subgroupsOfGroup.set(subgroup.groupId, (set = new Set()));
        set.add(subgroup.id);
        groupOfSubgroup.set(subgroup.id, subgroup.groupId);
      }
    }
  }
  const costScale = costScaleOf(subgroupsOfGroup);
  // The university's weights and hard rules (issue 54 §3), the report's own.
  const weights = weightsOf(input.facts);
  const rules = input.facts.solverRules ?? DEFAULT_SOLVER_RULES;

  const resources: ResourceOrigin[] = [];
  const resourceWeights: SolverResource[] = [];
  const resourceIndex = new Map<string, number>();
  const resource = (kind: ResourceOrigin['kind'], id: number): number => {
    const key = `${kind}:${id}`;
    let index = resourceIndex.get(key);
    if (index === undefined) {
      index = resources.length;
      resourceIndex.set(key, index);
      resources.push({ kind, id });
      resourceWeights.push(resourceTerms(weights, kind, kind === 'subgroup' ? subgroupsOfGroup.get(groupOfSubgroup.get(id) ?? -1)?.size ?? 1 : subgroupsOfGroup.get(id)?.size ?? 0, costScale));
    }
    return index;
  };

  const wishes = teacherCells(input.facts, periodOfOrder, periods, costScale, input.semester, weights.softWish, rules.preferencesHard, input.fromDate);
  const origins: EventOrigin[] = [];
  const lockedUnplaced: LockedUnplaced[] = [];
  const events: SolverEvent[] = [];
  input.rules.forEach((rule, course) => {
    for (const slot of rule.slots) {
      const role = slotRole(input, rule, slot);
      if (role === 'past') continue;
      const locked = role === 'fixed';
      const initial = placementOf(slot, periodOfPair, roomIndex, periods);
      if (locked && !initial) {
        lockedUnplaced.push({ rule, slot });
        continue;
      }
      const held = [resource('teacher', slot.teacherId)];
      let students = 0;
      for (const groupId of rule.groupIds) {
        const own = slot.subgroups.find((subgroup) => subgroup.groupId === groupId);
        if (own) {
          held.push(resource('subgroup', own.id));
          students += input.facts.subgroups.get(own.id)?.size ?? 0;
        } else {
          held.push(resource('group', groupId));
          for (const subgroupId of subgroupsOfGroup.get(groupId) ?? []) held.push(resource('subgroup', subgroupId));
          students += input.facts.groups.get(groupId)?.size ?? 0;
        }
      }
      const wish = wishes.get(slot.teacherId);
      const needed = neededEquipment(input, rule, slot);
      // A room smaller than the lesson's students is closed to it when the university says so (the default).
      const seatsHard = rules.roomTooSmallHard && students > 0 && slot.lessonFormat !== ONLINE_FORMAT;
      const fitting = fittingRooms(input, needed, seatsHard ? students : 0, roomIds);
      origins.push({ rule, slot, students, needed, seatsHard });
      events.push({
        course,
        resources: held,
        weeks: WEEKS_OF_PARITY[slot.parity],
        students,
        allowedCells: wish ? wish.allowed(WEEKS_OF_PARITY[slot.parity]) : null,
        // A lesson that needs equipment (or seats) may use only the rooms that have it; none: it stays unplaced (NO_ROOM).
        rooms: fitting,
        ...(fitting ? { needsRoom: true } : {}),
        cellCost: wish?.cost ?? null,
        initial,
        fixed: locked,
      });
    }
  });

  addUnevenWeeks(resources, resourceWeights, events, periods);

  return {
    problem: {
      days: TEACHING_DAYS,
      periodsPerDay: periods,
      roomCapacities,
      resources: resourceWeights,
      courses: input.rules.map(() => ({ minWorkingDays: 0 })),
      events,
      weights: {
        capacityPerStudent: 0,
        capacityPerLesson: weights.capacityShortage * costScale,
        oversizedPerLesson: weights.roomOversized * costScale,
        oversizeRatio: ROOM_OVERSIZE_RATIO,
        oversizeMinEmpty: ROOM_OVERSIZE_MIN_EMPTY_SEATS,
        minWorkingDaysWeight: 0,
        roomStabilityWeight: 0,
        movedWeight: input.mode === 'REPAIR' ? rules.movedLesson * costScale : 0,
        // The solver's last period is the base grid's last pair, the report's LAST_PAIRS.
        ...(weights.lastPair === 0 ? {} : { lastPeriodWeight: weights.lastPair * costScale }),
      },
    },
    origins,
    lockedUnplaced,
    resources,
    roomIds,
    costScale,
  };
}

/**
 * The report judges a group's day per audience (issue 43): each subgroup sees the whole-group lessons
 * and its own, and counts 1/n of the group's gap and overload penalties (n subgroups). So a group with
 * subgroups weighs its days through them, each subgroup at 1/n of the group's weights, and a group
 * without subgroups through itself. A lab then costs the windows it makes in its subgroup's day, as
 * in the report. Costs are whole numbers, so every weight is multiplied by `scale`.
 */
function resourceTerms(w: QualityWeights, kind: ResourceOrigin['kind'], subgroups: number, scale: number): SolverResource {
  if (kind === 'teacher') {
    return {
      gapWeight: w.teacherGap * scale,
      isolatedWeight: 0,
      dayLimit: w.teacherDayLimit,
      overloadWeight: w.teacherOverload * scale,
      teacher: true,
      ...weekDayTerms(w.teacherWeekDays, w.teacherExtraDay * scale),
    };
  }
  if (kind === 'group' && subgroups > 0) return { gapWeight: 0, isolatedWeight: 0, dayLimit: 0, overloadWeight: 0 };
  const share = kind === 'group' ? 1 : 1 / subgroups;
  return {
    gapWeight: Math.round(w.groupGap * scale * share),
    isolatedWeight: 0,
    dayLimit: w.groupDayLimit,
    overloadWeight: Math.round(w.groupOverload * scale * share),
    // Its uneven weeks' limits are set once the events are known (`addUnevenWeeks`).
    unevenWeight: Math.round(w.unevenWeek * scale * share),
    ...weekDayTerms(w.groupWeekDays, Math.round(w.groupExtraDay * scale * share)),
  };
}

/** Days per week (issue 54 §3) as a resource's terms, none when the university gives them no weight. */
function weekDayTerms(limit: number, weight: number): Pick<SolverResource, 'weekDayLimit' | 'extraDayWeight'> {
  return weight === 0 ? {} : { weekDayLimit: limit, extraDayWeight: weight };
}

/** The equipment the slot's lessons need in their room (none when nothing is known of it). */
function neededEquipment(input: ProblemInput, rule: RuleInput, slot: SlotInput): readonly { id: number; name: string }[] {
  if (!input.equipment || slot.lessonTypeId === undefined) return [];
  return requiredEquipment(input.equipment.requirements, { subjectId: rule.subjectId, lessonTypeId: slot.lessonTypeId, lessonFormat: slot.lessonFormat ?? '' });
}

/** The indices of the rooms with the equipment needed and at least `seats` seats; null when any room will do. */
function fittingRooms(input: ProblemInput, needed: readonly { id: number; name: string }[], seats: number, roomIds: readonly number[]): number[] | null {
  if (needed.length === 0 && seats === 0) return null;
  const fits: number[] = [];
  roomIds.forEach((id, index) => {
    if (input.rooms[index].capacity < seats) return;
    if (needed.length > 0 && missingEquipment(needed, input.equipment?.roomEquipment.get(id) ?? []).length > 0) return;
    fits.push(index);
  });
  return needed.length === 0 && fits.length === roomIds.length ? null : fits;
}

/**
 * The report's uneven weeks (UNEVEN_WEEK): a group's day costs one point per pair beyond its even
 * share of the week plus UNEVEN_TOLERANCE_PAIRS. The pairs a group has in a week of each parity are
 * the events holding it, whatever the placement, so the limit is fixed per group and week bit; the
 * week's study days are those the source uses (Monday to Saturday when nothing is placed yet). Groups
 * with subgroups weigh it through their subgroups, as they do their gaps.
 */
function addUnevenWeeks(origins: readonly ResourceOrigin[], weights: SolverResource[], events: readonly SolverEvent[], periods: number): void {
  const usedDays = new Set<number>();
  for (const event of events) if (event.initial) usedDays.add(Math.floor(event.initial.cell / periods));
  const studyDays = usedDays.size > 0 ? usedDays.size : TEACHING_DAYS;
  const perWeekBit = origins.map(() => [0, 0]);
  for (const event of events) {
    for (const index of new Set(event.resources)) {
      if (event.weeks & 1) perWeekBit[index][0]++;
      if (event.weeks & 2) perWeekBit[index][1]++;
    }
  }
  origins.forEach((origin, index) => {
    const terms = weights[index];
    // Whoever carries a group's days carries its uneven weeks: the group itself or its subgroups.
    if (origin.kind === 'teacher' || terms.dayLimit === 0) return;
    if (!terms.unevenWeight) {
      delete terms.unevenWeight;
      return;
    }
    terms.evenDayLimits = perWeekBit[index].map((total) => Math.ceil(total / studyDays) + UNEVEN_TOLERANCE_PAIRS);
  });
}

/** The least common multiple of the groups' subgroup counts (at most 12), so that 1/n of a weight stays whole. */
function costScaleOf(subgroupsOfGroup: ReadonlyMap<number, ReadonlySet<number>>): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let scale = 1;
  for (const subgroups of subgroupsOfGroup.values()) {
    const next = (scale * subgroups.size) / gcd(scale, subgroups.size);
    if (next > 12) return 12;
    scale = next;
  }
  return scale;
}

/** The slot's cell and room in the solver's terms, or null when it is unplaced or outside the grid the solver uses. */
function placementOf(slot: SlotInput, periodOfPair: ReadonlyMap<number, number>, roomIndex: ReadonlyMap<number, number>, periods: number) {
  if (slot.dayOfWeek === null || slot.timeSlotId === null || slot.classroomId === null) return null;
  const period = periodOfPair.get(slot.timeSlotId);
  const room = roomIndex.get(slot.classroomId);
  if (period === undefined || room === undefined || slot.dayOfWeek < 1 || slot.dayOfWeek > TEACHING_DAYS) return null;
  return { cell: (slot.dayOfWeek - 1) * periods + period, room };
}

/**
 * Each teacher's closed cells and the soft cost of each cell, at the quality report's weight. Closed:
 * weekly HARD_UNAVAILABLE (a pair of a weekday, or the whole weekday) in every week; a one-date
 * HARD_UNAVAILABLE closes its weekday's pairs in the weeks of that date's parity (its week of the
 * semester odd or even), so an ODD lesson is kept off it only when the date falls in an odd week.
 * Soft: SOFT_UNWANTED pairs; outside the SOFT_PREFERRED pairs of a day.
 */
function teacherCells(
  facts: QualityFacts,
  periodOfOrder: ReadonlyMap<number, number>,
  periods: number,
  costScale: number,
  semester: ProblemInput['semester'],
  wishWeight: number,
  wishesHard: boolean,
  fromDate?: string,
) {
  const cells = TEACHING_DAYS * periods;
  /** Per teacher: the week bits (1 odd, 2 even) closed in each cell, and each cell's soft cost. */
  const byTeacher = new Map<number, { closed: Uint8Array | null; cost: Int32Array | null }>();
  const entry = (teacherId: number) => {
    let found = byTeacher.get(teacherId);
    if (!found) byTeacher.set(teacherId, (found = { closed: null, cost: null }));
    return found;
  };
  const preferredByDay = new Map<string, Set<number>>();
  for (const wish of facts.wishes) {
    if (wish.type === 'HARD_UNAVAILABLE' && wish.date !== null) {
      if (!semester || wish.date < semester.startDate || wish.date > semester.endDate) continue;
      // A day already given closes nothing: its lessons are history the solver does not touch.
      if (fromDate !== undefined && wish.date < fromDate) continue;
      const weekday = isoDayOfWeek(wish.date);
      if (weekday > TEACHING_DAYS) continue;
      const bit = weekParity(weekNumber(semester.startDate, wish.date)) === 'ODD' ? 1 : 2;
      const target = entry(wish.teacherId);
      target.closed ??= new Uint8Array(cells);
      for (let period = 0; period < periods; period++) target.closed[(weekday - 1) * periods + period] |= bit;
      continue;
    }
    if (wish.date !== null || wish.dayOfWeek === null || wish.dayOfWeek < 1 || wish.dayOfWeek > TEACHING_DAYS) continue;
    const day = wish.dayOfWeek - 1;
    const period = wish.pairOrder === null ? undefined : periodOfOrder.get(wish.pairOrder);
    if (wish.pairOrder !== null && period === undefined) continue;
    const dayCells = period === undefined ? [...Array(periods).keys()].map((p) => day * periods + p) : [day * periods + period];
    if (wish.type === 'HARD_UNAVAILABLE') {
      const target = entry(wish.teacherId);
      target.closed ??= new Uint8Array(cells);
      for (const cell of dayCells) target.closed[cell] = 3;
    } else if (wish.type === 'SOFT_UNWANTED') {
      const target = entry(wish.teacherId);
      // The university may make wishes hard for the solver (issue 54 §3): the unwanted cell is then closed.
      if (wishesHard) {
        target.closed ??= new Uint8Array(cells);
        for (const cell of dayCells) target.closed[cell] = 3;
        continue;
      }
      target.cost ??= new Int32Array(cells);
      for (const cell of dayCells) target.cost[cell] += wishWeight * costScale;
    } else if (wish.type === 'SOFT_PREFERRED' && period !== undefined) {
      const key = `${wish.teacherId}:${day}`;
      let set = preferredByDay.get(key);
      if (!set) preferredByDay.set(key, (set = new Set()));
      set.add(period);
    }
  }
  for (const [key, preferred] of preferredByDay) {
    const [teacherId, day] = key.split(':').map(Number);
    const target = entry(teacherId);
    if (wishesHard) {
      target.closed ??= new Uint8Array(cells);
      for (let period = 0; period < periods; period++) if (!preferred.has(period)) target.closed[day * periods + period] = 3;
      continue;
    }
    target.cost ??= new Int32Array(cells);
    for (let period = 0; period < periods; period++) if (!preferred.has(period)) target.cost[day * periods + period] += wishWeight * costScale;
  }
  const result = new Map<number, { allowed: (weeks: number) => Uint8Array | null; cost: Int32Array | null }>();
  for (const [teacherId, { closed, cost }] of byTeacher) {
    // One allowed-cells array per week mask (1, 2, 3), shared by the teacher's events of those weeks.
    const byWeeks = new Map<number, Uint8Array | null>();
    const allowed = (weeks: number): Uint8Array | null => {
      if (!closed) return null;
      let cells = byWeeks.get(weeks);
      if (cells === undefined) {
        cells = closed.some((bits) => (bits & weeks) !== 0) ? Uint8Array.from(closed, (bits) => ((bits & weeks) === 0 ? 1 : 0)) : null;
        byWeeks.set(weeks, cells);
      }
      return cells;
    };
    result.set(teacherId, { allowed, cost });
  }
  return result;
}

/** A solved event's place as a rule slot's fields, or null when it stays unplaced. */
export function placementFromSolver(cell: number, room: number, basePairs: ProblemInput['basePairs'], roomIds: readonly number[]) {
  if (cell < 0 || room < 0) return null;
  const periods = basePairs.length;
  return { dayOfWeek: Math.floor(cell / periods) + 1, timeSlotId: basePairs[cell % periods].id, classroomId: roomIds[room] };
}

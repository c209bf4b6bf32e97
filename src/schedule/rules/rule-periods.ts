import { BadRequestError } from '../../platform/http/app-error';
import { addDays, formatDate } from '../../schedule-engine/dates';
import { HoursPeriod, hoursHistoryUntil, LessonKind } from '../../schedule-engine/lesson-series';
import { allSlots, LoadedRule, LoadedSemester, RuleSlot } from '../../schedule-engine/rule-model';
import { PayloadSlot, RulePayload } from './rule-payload';

/**
 * A rule's change from a date (issue 53): which stored slot rows stay as history, which are closed the
 * day before, which are rewritten or removed, and what is added. Pure: the service applies it.
 *
 * With `from` the semester's first day (the default), nothing is history and the plan is the spec's
 * whole-semester update: kept slots rewritten in place, new ones added, missing ones removed.
 */
export interface PeriodPlan {
  from: string;
  /** The day before `from`: where closed periods end. */
  until: string;
  /** Whether the change starts after the semester's first day (periods are recorded). */
  dated: boolean;
  /** The body with its slot ids followed along their lineage to the rows that hold at `from`. */
  body: RulePayload;
  /** Stored slots whose period ends before `from`: untouched. */
  history: RuleSlot[];
  /** Stored slots that began before `from` and are closed the day before it (their lessons from `from` go). */
  close: RuleSlot[];
  /** Body slots naming a slot that began before `from`, unchanged: that row simply runs on (open-ended) from its own start. */
  runOn: { slot: PayloadSlot; activeFrom: string | null }[];
  /** Body slots naming a slot that began before `from` with another placement: a new row continues it. */
  successors: { slot: PayloadSlot; continues: number }[];
  /** Body slots naming a slot that starts on or after `from`: rewritten in place, starting at `from`. */
  rewrite: PayloadSlot[];
  /** Body slots without an id: new rows starting at `from`. */
  added: PayloadSlot[];
  /** Stored slots starting on or after `from` that the body no longer names: removed. */
  removed: number[];
  /** The hour totals before `from`, when the change alters hours from a date; null keeps none. */
  hoursHistory: HoursPeriod[] | null;
}

const startOf = (slot: RuleSlot, semester: Pick<LoadedSemester, 'startDate'>) => slot.activeFrom ?? semester.startDate;
const endOf = (slot: RuleSlot, semester: Pick<LoadedSemester, 'endDate'>) => slot.activeTo ?? semester.endDate;

/** Whether a body slot places its lessons exactly as the stored slot does. */
export function samePlacement(stored: RuleSlot, body: PayloadSlot): boolean {
  const subgroups = stored.subgroups.map((subgroup) => subgroup.id).sort((a, b) => a - b);
  return (
    stored.dayOfWeek === body.dayOfWeek &&
    stored.parity === body.parity &&
    stored.timeSlotId === body.timeSlotId &&
    stored.teacherId === body.teacherId &&
    stored.classroomId === body.classroomId &&
    stored.lessonTypeId === body.lessonTypeId &&
    stored.lessonFormat === body.lessonFormat &&
    subgroups.length === body.subgroupIds.length &&
    subgroups.every((id, index) => id === body.subgroupIds[index])
  );
}

export function planPeriods(current: LoadedRule | undefined, request: RulePayload, from: string, semester: LoadedSemester): PeriodPlan {
  const until = addDays(from, -1);
  const dated = from > semester.startDate;
  const stored = current ? allSlots(current) : [];
  const byId = new Map(stored.map((slot) => [slot.id, slot]));
  const payload = followLineage(request, stored, from, semester);
  const named = new Set(payload.slots.flatMap((slot) => (slot.id === undefined ? [] : [slot.id])));
  const plan: PeriodPlan = { from, until, dated, body: payload, history: [], close: [], runOn: [], successors: [], rewrite: [], added: [], removed: [], hoursHistory: null };

  for (const slot of stored) {
    if (endOf(slot, semester) < from) plan.history.push(slot);
    else if (startOf(slot, semester) < from) {
      const body = payload.slots.find((item) => item.id === slot.id);
      if (!body || !samePlacement(slot, body)) plan.close.push(slot);
    } else if (!named.has(slot.id)) plan.removed.push(slot.id);
  }
  for (const body of payload.slots) {
    const slot = body.id === undefined ? undefined : byId.get(body.id);
    if (!slot) plan.added.push(body);
    else if (endOf(slot, semester) < from) {
      throw new BadRequestError(`Слот ${body.position}: период этого слота закончился до ${formatDate(from)} — его занятия уже в прошлом, изменить их с этой даты нельзя`).at(
        `slots[${body.position - 1}].id`,
      );
    } else if (startOf(slot, semester) < from) {
      if (samePlacement(slot, body)) plan.runOn.push({ slot: body, activeFrom: slot.activeFrom ?? null });
      else plan.successors.push({ slot: body, continues: slot.id });
    } else plan.rewrite.push(body);
  }
  if (current && dated) plan.hoursHistory = hoursHistoryUntil(current, payload.hours, until);
  return plan;
}

/**
 * A body naming a slot whose period ended before `from` names, by its lineage, the row that continues
 * it there (another office changed the rule from an earlier date meanwhile): the change then applies
 * on top of that one, as if it came after it.
 */
function followLineage(payload: RulePayload, stored: readonly RuleSlot[], from: string, semester: LoadedSemester): RulePayload {
  const successor = new Map(stored.flatMap((slot) => (slot.continuesSlotId ? [[slot.continuesSlotId, slot] as const] : [])));
  const named = new Set(payload.slots.map((slot) => slot.id));
  let changed = false;
  const slots = payload.slots.map((body) => {
    let slot = body.id === undefined ? undefined : stored.find((item) => item.id === body.id);
    while (slot && endOf(slot, semester) < from && successor.has(slot.id)) slot = successor.get(slot.id);
    if (!slot || slot.id === body.id || named.has(slot.id)) return body;
    changed = true;
    return { ...body, id: slot.id };
  });
  return changed ? { ...payload, slots } : payload;
}

/** The rule as it stands after the plan: history, closed periods, and the body's form from `from` on. */
export function ruleAfterPlan(checked: LoadedRule, plan: PeriodPlan, hours: Record<LessonKind, number>): LoadedRule {
  if (!plan.dated) return checked;
  const closed = plan.close.filter((slot) => slot.dayOfWeek !== null).map((slot) => ({ ...slot, activeTo: plan.until }));
  const history = plan.history.filter((slot) => slot.dayOfWeek !== null);
  const runOn = new Map(plan.runOn.map((item) => [item.slot.id, item.activeFrom]));
  const formed = checked.slots.map((slot) =>
    runOn.has(slot.id) ? { ...slot, activeFrom: runOn.get(slot.id) ?? null, activeTo: null } : { ...slot, activeFrom: plan.from, activeTo: null },
  );
  const rule: LoadedRule = { ...checked, hours, slots: [...history, ...closed, ...formed] };
  if (plan.hoursHistory) rule.hoursHistory = plan.hoursHistory;
  else delete rule.hoursHistory;
  return rule;
}

/** `effectiveFrom` checked against the semester; omitted, the semester's first day (the whole semester). */
export function effectiveFromOf(effectiveFrom: string | undefined, semester: LoadedSemester): string {
  if (effectiveFrom === undefined) return semester.startDate;
  if (effectiveFrom < semester.startDate || effectiveFrom > semester.endDate) {
    throw new BadRequestError(`Дата начала действия изменения должна быть в пределах семестра: ${formatDate(semester.startDate)}–${formatDate(semester.endDate)}`).at('effectiveFrom');
  }
  return effectiveFrom;
}

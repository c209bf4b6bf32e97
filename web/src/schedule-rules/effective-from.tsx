// Changing the published timetable from a date on (issue 53): «Действует с» with its default (tomorrow
// in a semester that has begun, else the semester's first day), the one extra question when the date
// lies before tomorrow (lessons already given change), the list of one-off changes that no longer
// match (a 409 of the API) with the choice per change, and the periods of ended rules and slots.
import { ApiError, type Schemas } from '../api/client';
import { formatDayMonth, formatLongDate, formatShortDate, plusDays, todayAtUniversity } from '../shared/dates';
import { affectedRequestLine, type AffectedRequest } from '../shared/affected-requests';
import { ErrorLine, useId } from '../shared/ui';

type Rule = Schemas['RuleResponse'];
type RuleSlot = Rule['slots'][number];

/** The semester's days, as the version choice knows them. */
export interface SemesterDays {
  startDate: string;
  endDate: string;
}

/** A semester has begun once a day of it has passed (on its first day nothing is given yet). */
const begun = (semester: SemesterDays): boolean => semester.startDate < todayAtUniversity();

/** Tomorrow in a semester that has begun; its first day until then. */
export function defaultEffectiveFrom(semester: SemesterDays): string {
  return begun(semester) ? plusDays(todayAtUniversity(), 1) : semester.startDate;
}

/** Whether the date corrects the past: before tomorrow in a semester that has begun. */
export function changesPast(date: string, semester: SemesterDays): boolean {
  return begun(semester) && date < plusDays(todayAtUniversity(), 1);
}

/** The question asked once when the date lies before tomorrow. */
export function pastQuestion(date: string): string {
  const today = todayAtUniversity();
  const until = date <= today ? ` по ${formatDayMonth(today)}` : '';
  return `Дата раньше завтрашней: уже прошедшие занятия правила с ${formatDayMonth(date)}${until} изменятся — в расписании, истории и нагрузке. Изменить и прошедшие занятия?`;
}

/** «07.12» */
export const dayDot = (date: string): string => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

/** «завершено с 08.12» for a rule ended from a date (its last day + 1), else nothing. */
export function endedText(rule: Pick<Rule, 'activeTo'>): string | undefined {
  return rule.activeTo ? `завершено с ${dayDot(plusDays(rule.activeTo, 1))}` : undefined;
}

/** « (с 08.12)», « (по 07.12)», « (с 08.09 по 07.12)» for a slot with a period, else ''. */
export function periodText(slot: Pick<RuleSlot, 'activeFrom' | 'activeTo'>): string {
  if (slot.activeFrom && slot.activeTo) return ` (с ${dayDot(slot.activeFrom)} по ${dayDot(slot.activeTo)})`;
  if (slot.activeFrom) return ` (с ${dayDot(slot.activeFrom)})`;
  if (slot.activeTo) return ` (по ${dayDot(slot.activeTo)})`;
  return '';
}

/** The date field of a write into the published version. */
export function EffectiveFromField({ value, semester, error, onChange }: { value: string; semester: SemesterDays; error?: string; onChange: (date: string) => void }) {
  const id = useId('effective-from');
  return (
    <div class={`field field-short${error ? ' field-invalid' : ''}`}>
      <label for={id}>Действует с</label>
      <input
        id={id}
        type="date"
        required
        min={semester.startDate}
        max={semester.endDate}
        value={value}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={`${id}-hint`}
        onInput={(event) => onChange(event.currentTarget.value)}
      />
      <p class="hint" id={`${id}-hint`}>
        {`Занятия до ${value ? formatLongDate(value) : 'этой даты'} останутся как были.`}
      </p>
      {error ? <ErrorLine message={error} /> : null}
    </div>
  );
}

/** A one-off change the API lists in its 409 (`unmatchedOverrides`). */
export interface UnmatchedOverride {
  overrideId: number;
  action: 'MOVE' | 'REPLACE' | 'CANCEL';
  lessonDate: string;
  reason: string;
  keepable: boolean;
}

export type Decision = 'KEEP' | 'DROP';

/** The list of a 409 refusal, or nothing for any other failure. */
export function unmatchedOf(error: unknown): UnmatchedOverride[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const list = (error.body as { unmatchedOverrides?: unknown } | undefined)?.unmatchedOverrides;
  return Array.isArray(list) && list.length > 0 ? (list as UnmatchedOverride[]) : undefined;
}

const ACTION_NAMES: Record<UnmatchedOverride['action'], string> = { MOVE: 'перенос', REPLACE: 'замена', CANCEL: 'отмена' };

/** The teachers' requests and absence decisions a 409 says the change would settle (issue 53). */
export function affectedOf(error: unknown): AffectedRequest[] {
  const list = error instanceof ApiError ? (error.body as { affectedRequests?: unknown } | undefined)?.affectedRequests : undefined;
  return Array.isArray(list) ? (list as AffectedRequest[]) : [];
}

/** Read-only lines: what the change does to them by itself (nothing to choose). */
export function AffectedList({ items }: { items: readonly AffectedRequest[] }) {
  if (items.length === 0) return null;
  return (
    <div class="affected-requests" data-testid="affected-requests">
      <p>{`Заявки преподавателей и решения по отсутствиям на занятия с этой даты: ${items.length}`}</p>
      <ul>
        {items.map((item) => (
          <li key={`${item.kind}-${item.id}`} data-outcome={item.outcome}>
            {affectedRequestLine(item)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The one-off changes that no longer match, each with its date, kind and why; with `decisions`, a
 * choice per change (оставить only when the API says it can be kept).
 */
export function UnmatchedList({ items, decisions, onDecide }: { items: UnmatchedOverride[]; decisions?: Record<number, Decision>; onDecide?: (overrideId: number, decision: Decision) => void }) {
  const name = useId('unmatched');
  return (
    <table class="unmatched-overrides stacked-table">
      <caption>Разовые изменения, которые больше не совпадают с занятием</caption>
      <thead>
        <tr>
          <th scope="col">Дата</th>
          <th scope="col">Изменение</th>
          <th scope="col">Почему</th>
          {decisions ? <th scope="col">Что сделать</th> : null}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.overrideId}>
            <td data-label="Дата">{formatShortDate(item.lessonDate)}</td>
            <td data-label="Изменение">{ACTION_NAMES[item.action] ?? item.action}</td>
            <td data-label="Почему">{item.reason}</td>
            {decisions && onDecide ? (
              <td data-label="Что сделать">
                <fieldset class="decision">
                  <legend class="visually-hidden">{`${ACTION_NAMES[item.action] ?? item.action} ${formatLongDate(item.lessonDate)}`}</legend>
                  {item.keepable ? (
                    <label class="check">
                      <input type="radio" name={`${name}-${item.overrideId}`} checked={decisions[item.overrideId] === 'KEEP'} onChange={() => onDecide(item.overrideId, 'KEEP')} /> оставить
                    </label>
                  ) : null}
                  <label class="check">
                    <input type="radio" name={`${name}-${item.overrideId}`} checked={decisions[item.overrideId] === 'DROP'} onChange={() => onDecide(item.overrideId, 'DROP')} /> удалить
                  </label>
                </fieldset>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What a write from a date did, beyond the rule itself: «Изменено прошедших занятий: 3. …». */
export function writeOutcome(answer: Partial<Schemas['RuleWriteResponse']>): string {
  const parts: string[] = [];
  if (answer.effectiveFrom) parts.push(`Действует с ${formatLongDate(answer.effectiveFrom)}: занятия до этой даты остались как были.`);
  if (answer.pastLessonsChanged) parts.push(`Изменено прошедших занятий: ${answer.pastLessonsChanged}.`);
  if (answer.hoursNotFitted) parts.push(`Не уместилось часов до конца семестра: ${answer.hoursNotFitted}.`);
  for (const item of answer.affectedRequests ?? []) parts.push(`${affectedRequestLine(item, true)}.`);
  return parts.join(' ');
}

// Creating or changing a rule (spec 4.9): subject, groups, the three hour limits with their start
// weeks, and the weekly slots. The slot being placed shows the free-cell grid for its groups, teacher
// and room; a refusal appears at the slot or field its `field` names, with the conflicting rule and
// slot the API sends as data, and nothing typed is lost. In a draft a slot may stay unplaced (no day,
// pair or room: issue 43) and be placed later. In the published version the change holds from the date
// «Действует с» (issue 53): lessons before it stay; one-off changes that no longer match are listed with
// a choice per change; «История» shows the rule's closed periods.
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, data, type Schemas } from '../api/client';
import { Dialog } from '../shared/dialog';
import { formatLongDate } from '../shared/dates';
import { messageOf } from '../shared/errors';
import { apiField, indexIn, topField } from '../shared/field-errors';
import { findClassrooms, findGroups, findTeachers } from '../shared/options';
import { Picker, type Choice } from '../shared/picker';
import { ErrorLine, useId } from '../shared/ui';
import { affectedOf, AffectedList, changesPast, defaultEffectiveFrom, EffectiveFromField, endedText, pastQuestion, periodText, UnmatchedList, unmatchedOf, type Decision, type SemesterDays, type UnmatchedOverride } from './effective-from';
import type { AffectedRequest } from '../shared/affected-requests';
import { FreeCellGrid } from './free-cell-grid';

type Rule = Schemas['RuleResponse'];
type RuleRequest = Schemas['RuleRequest'];
/** A write's answer: with a date, it also says what happened to the past and the hours. */
export type RuleWrite = Rule & Partial<Pick<Schemas['RuleWriteResponse'], 'effectiveFrom' | 'pastLessonsChanged' | 'hoursNotFitted'>>;
type Parity = 'BOTH' | 'ODD' | 'EVEN';
type LessonType = Schemas['LessonTypeResponse'];
type Kind = LessonType['code'];
const KIND_FIELDS: Record<Kind, { hours: 'lectureAcademicHours' | 'practiceAcademicHours' | 'laboratoryAcademicHours'; start: 'lectureStartWeek' | 'practiceStartWeek' | 'laboratoryStartWeek'; title: string }> = {
  LECTURE: { hours: 'lectureAcademicHours', start: 'lectureStartWeek', title: 'Лекции' },
  PRACTICE: { hours: 'practiceAcademicHours', start: 'practiceStartWeek', title: 'Практика' },
  LABORATORY: { hours: 'laboratoryAcademicHours', start: 'laboratoryStartWeek', title: 'Лабораторные' },
};
const DAYS = ['', 'Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'];
const PARITIES: { value: Parity; label: string }[] = [
  { value: 'BOTH', label: 'Каждую неделю' },
  { value: 'ODD', label: 'Нечётные недели' },
  { value: 'EVEN', label: 'Чётные недели' },
];
type Format = RuleRequest['slots'][number]['lessonFormat'];
const FORMATS: Format[] = ['Очно', 'Онлайн'];

interface SlotDraft {
  key: number;
  id?: number;
  /** Undefined with no pair and no room: the slot is not placed yet (drafts only). */
  dayOfWeek?: number;
  parity: Parity;
  timeSlotId?: number;
  teacher?: Choice;
  classroom?: Choice;
  lessonTypeId: number;
  subgroupIds: number[];
  lessonFormat: Format;
  /** Changes when the place is cleared, so the room picker starts empty again. */
  cleared?: number;
  /** The stored slot's period (« (с 08.12)»), '' for the whole semester. */
  period?: string;
}

interface Draft {
  subjectId?: number;
  groups: Choice[];
  hours: Record<Kind, number>;
  startWeeks: Record<Kind, number>;
  slots: SlotDraft[];
}

interface Refusal {
  message: string;
  /** 0-based slot the refusal is about, if it names one. */
  slot?: number;
  field?: string;
  conflictRule?: { id: number; subjectName: string; groupNames: string[] };
  /** The slot it clashes with: a stored rule's, or another of this rule (`slotIndex`). */
  conflictSlot?: Schemas['ConflictSlotResponse'];
  reasons?: string[];
}

let nextKey = 1;
/** A new slot; `lessonTypeId` 0 until the lesson types have loaded (then the first one). */
const emptySlot = (lessonTypeId = 0): SlotDraft => ({ key: nextKey++, dayOfWeek: 1, parity: 'BOTH', lessonTypeId, subgroupIds: [], lessonFormat: 'Очно' });

function draftOf(rule: Rule | undefined): Draft {
  if (!rule) return { groups: [], hours: { LECTURE: 0, PRACTICE: 0, LABORATORY: 0 }, startWeeks: { LECTURE: 1, PRACTICE: 1, LABORATORY: 1 }, slots: [emptySlot()] };
  return {
    subjectId: rule.subjectId,
    groups: rule.groupIds.map((id, index) => ({ id, label: rule.groupNames[index] ?? String(id) })),
    hours: { LECTURE: rule.lectureAcademicHours, PRACTICE: rule.practiceAcademicHours, LABORATORY: rule.laboratoryAcademicHours },
    startWeeks: { LECTURE: rule.lectureStartWeek, PRACTICE: rule.practiceStartWeek, LABORATORY: rule.laboratoryStartWeek },
    slots: rule.slots.map((slot) => ({
      key: nextKey++,
      id: slot.id,
      period: periodText(slot),
      dayOfWeek: slot.dayOfWeek ?? undefined,
      parity: slot.parity,
      timeSlotId: slot.timeSlotId ?? undefined,
      teacher: { id: slot.teacherId, label: slot.teacherName },
      classroom: slot.classroomId === null ? undefined : { id: slot.classroomId, label: slot.classroomName ?? String(slot.classroomId) },
      lessonTypeId: slot.lessonTypeId,
      subgroupIds: slot.subgroupIds,
      lessonFormat: slot.lessonFormat,
    })),
  };
}

/** Day, pair and room: all chosen (placed), none (unplaced), or some (not yet complete). */
function placement(slot: SlotDraft): 'placed' | 'unplaced' | 'partial' {
  const chosen = [slot.dayOfWeek, slot.timeSlotId, slot.classroom].filter((value) => value !== undefined).length;
  return chosen === 3 ? 'placed' : chosen === 0 ? 'unplaced' : 'partial';
}

/** The kind (whose hours field counts) of a lesson type, as the API lists them. */
const kindOf = (types: readonly LessonType[], lessonTypeId: number): Kind => types.find((type) => type.id === lessonTypeId)?.code ?? 'LECTURE';

export function RuleEditor({
  versionId,
  semesterId,
  rule,
  readOnly,
  lock,
  isDraft,
  semester,
  onSaved,
  onCancel,
}: {
  versionId: number;
  semesterId: number;
  rule?: Rule;
  readOnly: boolean;
  /** «закреплено» and its toggle (issue 54 §1): locks bind only the solver, so the rule stays editable. */
  lock?: JSX.Element;
  /** A draft's slots may be left unplaced. */
  isDraft: boolean;
  /** The published version's semester: the write asks «Действует с» (a draft's never does). */
  semester?: SemesterDays;
  onSaved: (rule: RuleWrite, created: boolean) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [placing, setPlacing] = useState(0);
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const [subjects, setSubjects] = useState<Schemas['SubjectResponse'][]>([]);
  const [pairs, setPairs] = useState<Schemas['FreeCellPairResponse'][]>([]);
  const [subgroups, setSubgroups] = useState<Record<number, Schemas['SubgroupResponse'][]>>({});
  const [types, setTypes] = useState<LessonType[]>([]);
  const subjectId = useId('rule-subject');
  const [effectiveFrom, setEffectiveFrom] = useState(() => (semester ? defaultEffectiveFrom(semester) : ''));
  // The date before tomorrow the user has agreed to (asked once per date), the question being open,
  // and the one-off changes the API listed with the choice made for each.
  const [pastAgreed, setPastAgreed] = useState<string>();
  const [askingPast, setAskingPast] = useState(false);
  const [unmatched, setUnmatched] = useState<UnmatchedOverride[]>();
  // Teachers' requests and absence decisions the same change would settle (read-only, from the 409).
  const [affected, setAffected] = useState<AffectedRequest[]>([]);
  const [decisions, setDecisions] = useState<Record<number, Decision>>({});

  useEffect(() => {
    data(api.GET('/api/subjects')).then(setSubjects, (error: unknown) => setRefusal({ message: `Дисциплины: ${messageOf(error)}` }));
    data(api.GET('/api/lesson-types')).then(
      (list) => {
        setTypes(list);
        // Slots made before the list came get its first type.
        const first = list.find((type) => type.code === 'LECTURE') ?? list[0];
        if (first) setDraft((old) => ({ ...old, slots: old.slots.map((slot) => (slot.lessonTypeId === 0 ? { ...slot, lessonTypeId: first.id } : slot)) }));
      },
      (error: unknown) => setRefusal({ message: `Виды занятий: ${messageOf(error)}` }),
    );
    // The base grid's pairs, as the free-cell grid lists them (no group chosen yet is fine).
    data(api.GET('/api/admin/schedule-rules/free-cells', { params: { query: { versionId } } })).then(
      (grid) => setPairs(grid.pairs),
      (error: unknown) => setRefusal({ message: messageOf(error) }),
    );
  }, [versionId]);
  const groupKey = draft.groups.map((group) => group.id).join(',');
  useEffect(() => {
    for (const group of draft.groups) {
      if (subgroups[group.id]) continue;
      data(api.GET('/api/groups/{groupId}/subgroups', { params: { path: { groupId: group.id } } })).then(
        (list) => setSubgroups((old) => ({ ...old, [group.id]: list })),
        () => setSubgroups((old) => ({ ...old, [group.id]: [] })),
      );
    }
  }, [groupKey]);

  const change = (next: Partial<Draft>) => {
    setDraft((old) => ({ ...old, ...next }));
    setRefusal(undefined);
  };
  const changeSlot = (index: number, next: Partial<SlotDraft>) => {
    setDraft((old) => ({ ...old, slots: old.slots.map((slot, at) => (at === index ? { ...slot, ...next } : slot)) }));
    setRefusal(undefined);
  };

  async function save(event: Event) {
    event.preventDefault();
    await submit();
  }

  async function submit(overrideDecisions?: { overrideId: number; decision: Decision }[], agreed = pastAgreed) {
    if (busy || readOnly) return;
    const incomplete = (slot: SlotDraft) => !slot.teacher || placement(slot) === 'partial' || (!isDraft && placement(slot) !== 'placed');
    const missing = draft.slots.findIndex(incomplete);
    if (!draft.subjectId) return setRefusal({ message: 'Выберите дисциплину', field: 'subjectId' });
    if (draft.groups.length === 0) return setRefusal({ message: 'Выберите хотя бы одну группу', field: 'groupIds' });
    if (missing >= 0) {
      const message = isDraft
        ? `Слот ${missing + 1}: выберите преподавателя, а день, пару и аудиторию — все три или ни одного (занятие останется неразмещённым)`
        : `Слот ${missing + 1}: выберите день, пару, преподавателя и аудиторию`;
      return setRefusal({ message, slot: missing });
    }
    if (semester) {
      if (!effectiveFrom) return setRefusal({ message: 'Укажите, с какой даты действует изменение', field: 'effectiveFrom' });
      if (changesPast(effectiveFrom, semester) && agreed !== effectiveFrom) return setAskingPast(true);
    }
    const body: RuleRequest = {
      scheduleVersionId: versionId,
      semesterId,
      subjectId: draft.subjectId,
      lectureAcademicHours: draft.hours.LECTURE,
      practiceAcademicHours: draft.hours.PRACTICE,
      laboratoryAcademicHours: draft.hours.LABORATORY,
      lectureStartWeek: draft.startWeeks.LECTURE,
      practiceStartWeek: draft.startWeeks.PRACTICE,
      laboratoryStartWeek: draft.startWeeks.LABORATORY,
      groupIds: draft.groups.map((group) => group.id),
      slots: draft.slots.map((slot) => ({
        id: slot.id,
        // An unplaced slot sends no day, pair or room (nulls).
        dayOfWeek: slot.dayOfWeek ?? null,
        parity: slot.parity,
        timeSlotId: slot.timeSlotId ?? null,
        teacherId: (slot.teacher as Choice).id,
        classroomId: slot.classroom?.id ?? null,
        lessonTypeId: slot.lessonTypeId,
        subgroupIds: slot.subgroupIds,
        lessonFormat: slot.lessonFormat,
      })),
      // Always a date for the published version; a draft's past is decided at its publication.
      ...(semester ? { effectiveFrom, overrideDecisions } : {}),
    };
    setBusy(true);
    setRefusal(undefined);
    try {
      const saved = rule
        ? await data(api.PUT('/api/admin/schedule-rules/{id}', { params: { path: { id: rule.id } }, body }))
        : await data(api.POST('/api/admin/schedule-rules', { body }));
      setUnmatched(undefined);
      onSaved(saved, !rule);
    } catch (error) {
      const listed = unmatchedOf(error);
      if (listed) {
        setUnmatched(listed);
        setAffected(affectedOf(error));
        setDecisions({});
        return;
      }
      setUnmatched(undefined);
      const message = messageOf(error);
      const conflict = error instanceof ApiError && error.status === 409 ? (error.body as Schemas['RuleConflictResponse'] | undefined) : undefined;
      // The API names the body's property: `slots[1].teacherId` is the second slot, `subjectId` a field.
      const path = apiField(error);
      const slot = path === undefined ? undefined : indexIn(path, 'slots');
      const field = path !== undefined && slot === undefined ? topField(path) : undefined;
      setRefusal({ message, slot, field, conflictRule: conflict?.conflictRule, conflictSlot: conflict?.conflictSlot, reasons: conflict?.conflictReasons });
      if (slot !== undefined) setPlacing(slot);
    } finally {
      setBusy(false);
    }
  }

  const current = draft.slots[placing] ?? draft.slots[0];
  const currentKind = current ? kindOf(types, current.lessonTypeId) : 'LECTURE';
  const fieldError = (name: string) => (refusal && refusal.slot === undefined && refusal.field === name ? refusal.message : undefined);
  const generalError = refusal && refusal.slot === undefined && !['subjectId', 'groupIds', 'effectiveFrom', ...Object.values(KIND_FIELDS).flatMap((f) => [f.hours, f.start])].includes(refusal.field ?? '') ? refusal.message : undefined;

  return (
    <form class="api-form rule-editor" aria-label={rule ? `Правило №${rule.id}` : 'Новое правило'} noValidate onSubmit={(event) => void save(event)}>
      {/* An ended rule shows its last form, and says so in its title. */}
      <h2>{rule ? `Правило №${rule.id}: ${rule.subjectName}${endedText(rule) ? ` (${endedText(rule) ?? ''})` : ''}` : 'Новое правило'}</h2>
      {lock ? <p class="rule-lock-line">{lock} <span class="hint">Закрепление держит правило на месте только при расчёте расписания; изменить его можно и здесь.</span></p> : null}
      {readOnly ? <p class="notice notice-info">Версия в архиве: правило доступно только для чтения.</p> : null}
      <fieldset disabled={readOnly || busy}>
        <div class={`field${fieldError('subjectId') ? ' field-invalid' : ''}`}>
          <label for={subjectId}>Дисциплина</label>
          <select id={subjectId} value={draft.subjectId ?? ''} aria-invalid={fieldError('subjectId') ? 'true' : undefined} onChange={(event) => change({ subjectId: Number(event.currentTarget.value) || undefined })}>
            <option value="">— выберите —</option>
            {subjects.map((subject) => (
              <option key={subject.id} value={subject.id}>
                {subject.code ? `${subject.name} (${subject.code})` : subject.name}
              </option>
            ))}
          </select>
          {fieldError('subjectId') ? <ErrorLine message={fieldError('subjectId') as string} /> : null}
        </div>

        <div class={`field${fieldError('groupIds') ? ' field-invalid' : ''}`}>
          <Picker label="Добавить группу" placeholder="Название группы" search={(text) => findGroups(text)} onPick={(group) => !draft.groups.some((g) => g.id === group.id) && change({ groups: [...draft.groups, group] })} />
          <ul class="chosen-list" aria-label="Группы правила">
            {draft.groups.map((group) => (
              <li key={group.id}>
                {group.label}{' '}
                <button type="button" class="link-button" aria-label={`Убрать группу ${group.label}`} onClick={() => change({ groups: draft.groups.filter((g) => g.id !== group.id) })}>
                  убрать
                </button>
              </li>
            ))}
          </ul>
          {fieldError('groupIds') ? <ErrorLine message={fieldError('groupIds') as string} /> : null}
        </div>

        <fieldset class="hours">
          <legend>Часы и недели начала</legend>
          {(Object.keys(KIND_FIELDS) as Kind[]).map((kind) => (
            <NumberField
              key={kind}
              label={`${KIND_FIELDS[kind].title}: часов`}
              value={draft.hours[kind]}
              step={2}
              error={fieldError(KIND_FIELDS[kind].hours)}
              onChange={(value) => change({ hours: { ...draft.hours, [kind]: value } })}
            />
          ))}
          {(Object.keys(KIND_FIELDS) as Kind[]).map((kind) => (
            <NumberField
              key={`start-${kind}`}
              label={`${KIND_FIELDS[kind].title}: с недели`}
              value={draft.startWeeks[kind]}
              step={1}
              error={fieldError(KIND_FIELDS[kind].start)}
              onChange={(value) => change({ startWeeks: { ...draft.startWeeks, [kind]: value } })}
            />
          ))}
        </fieldset>

        {draft.slots.map((slot, index) => (
          <SlotCard
            key={slot.key}
            index={index}
            slot={slot}
            pairs={pairs}
            placing={index === placing}
            groups={draft.groups}
            subgroups={subgroups}
            types={types}
            refusal={refusal?.slot === index ? refusal : undefined}
            isDraft={isDraft}
            onPlace={() => setPlacing(index)}
            onChange={(next) => changeSlot(index, next)}
            onRemove={draft.slots.length > 1 ? () => change({ slots: draft.slots.filter((_, at) => at !== index) }) : undefined}
          />
        ))}
        <button type="button" onClick={() => { change({ slots: [...draft.slots, emptySlot(current?.lessonTypeId)] }); setPlacing(draft.slots.length); }}>
          Добавить слот
        </button>
      </fieldset>

      {current && !readOnly ? (
        <section class="placing" aria-label={`Свободные ячейки для слота ${placing + 1}`}>
          <h3>{`Куда поставить слот ${placing + 1}`}</h3>
          <FreeCellGrid
            query={{
              versionId,
              groupIds: draft.groups.map((group) => group.id),
              subgroupIds: current.subgroupIds,
              teacherId: current.teacher?.id,
              classroomId: current.classroom?.id,
              // Until the lesson types are loaded a new slot has none (0): the API then tries a lecture.
              lessonTypeId: current.lessonTypeId || undefined,
              subjectId: draft.subjectId,
              parity: current.parity,
              startWeek: draft.startWeeks[currentKind],
              academicHours: draft.hours[currentKind] >= 2 && draft.hours[currentKind] % 2 === 0 ? draft.hours[currentKind] : undefined,
              excludeRuleId: rule?.id,
            }}
            chosen={current.timeSlotId && current.dayOfWeek ? { dayOfWeek: current.dayOfWeek, timeSlotId: current.timeSlotId } : undefined}
            onPick={(cell) => changeSlot(placing, { dayOfWeek: cell.dayOfWeek, timeSlotId: cell.timeSlotId })}
            onPickRoom={(cell, room) =>
              changeSlot(placing, {
                dayOfWeek: cell.dayOfWeek,
                timeSlotId: cell.timeSlotId,
                classroom: { id: room.classroomId, label: room.classroomName },
                cleared: (current.cleared ?? 0) + 1,
              })
            }
          />
        </section>
      ) : null}

      {rule ? <RuleHistory ruleId={rule.id} pairs={pairs} /> : null}
      {semester && !readOnly ? (
        <div class="effective-from">
          <EffectiveFromField value={effectiveFrom} semester={semester} error={fieldError('effectiveFrom')} onChange={(date) => (setEffectiveFrom(date), setRefusal(undefined))} />
        </div>
      ) : null}
      {generalError ? <ErrorLine message={generalError} /> : null}
      <Dialog title="Изменить прошедшие занятия?" open={askingPast} onClose={() => setAskingPast(false)}>
        {askingPast ? <p>{pastQuestion(effectiveFrom)}</p> : null}
        <div class="row-actions">
          <button type="button" class="primary" onClick={() => (setAskingPast(false), setPastAgreed(effectiveFrom), void submit(undefined, effectiveFrom))}>
            Да, изменить и прошедшие
          </button>
          <button type="button" onClick={() => setAskingPast(false)}>
            Нет, выбрать другую дату
          </button>
        </div>
      </Dialog>
      <Dialog title="Разовые изменения больше не совпадают" open={unmatched !== undefined} onClose={() => setUnmatched(undefined)}>
        {unmatched ? (
          <div class="unmatched">
            <p>{`С ${effectiveFrom ? formatLongDate(effectiveFrom) : 'выбранной даты'} у этих разовых изменений больше нет своего занятия. Выберите для каждого: оставить его разовым переносом на занятие правила той же недели или удалить.`}</p>
            <UnmatchedList items={unmatched} decisions={decisions} onDecide={(id, decision) => setDecisions((old) => ({ ...old, [id]: decision }))} />
            <AffectedList items={affected} />
            <div class="row-actions">
              <button
                type="button"
                class="primary"
                disabled={busy || unmatched.some((item) => !decisions[item.overrideId])}
                onClick={() => void submit(unmatched.map((item) => ({ overrideId: item.overrideId, decision: decisions[item.overrideId] })))}
              >
                {busy ? 'Сохранение…' : 'Сохранить с выбранным'}
              </button>
              <button type="button" onClick={() => setUnmatched(undefined)}>
                Отмена
              </button>
            </div>
          </div>
        ) : null}
      </Dialog>
      <div class="inline-form">
        {readOnly ? null : (
          <button type="submit" class="primary" disabled={busy}>
            {busy ? 'Сохранение…' : rule ? 'Сохранить правило' : 'Создать правило'}
          </button>
        )}
        <button type="button" onClick={onCancel}>
          {readOnly ? 'Закрыть' : 'Отмена'}
        </button>
      </div>
    </form>
  );
}

function NumberField({ label, value, step, error, onChange }: { label: string; value: number; step: number; error?: string; onChange: (value: number) => void }) {
  const id = useId('number');
  return (
    <div class={`field field-short${error ? ' field-invalid' : ''}`}>
      <label for={id}>{label}</label>
      <input id={id} type="number" min={0} step={step} value={value} aria-invalid={error ? 'true' : undefined} onInput={(event) => onChange(Number(event.currentTarget.value) || 0)} />
      {error ? <ErrorLine message={error} /> : null}
    </div>
  );
}

function SlotCard({
  index,
  slot,
  pairs,
  placing,
  groups,
  subgroups,
  types,
  refusal,
  isDraft,
  onPlace,
  onChange,
  onRemove,
}: {
  index: number;
  slot: SlotDraft;
  pairs: Schemas['FreeCellPairResponse'][];
  placing: boolean;
  groups: Choice[];
  subgroups: Record<number, Schemas['SubgroupResponse'][]>;
  types: LessonType[];
  refusal?: Refusal;
  isDraft: boolean;
  onPlace: () => void;
  onChange: (next: Partial<SlotDraft>) => void;
  onRemove?: () => void;
}) {
  const id = useId(`slot-${index}`);
  const lab = kindOf(types, slot.lessonTypeId) === 'LABORATORY';
  return (
    <fieldset class={`slot-card${placing ? ' slot-placing' : ''}${refusal ? ' slot-refused' : ''}`} onFocusCapture={onPlace}>
      <legend>{`Слот ${index + 1}${slot.period ?? ''}`}</legend>
      {placement(slot) === 'unplaced' ? <p class="unplaced-note">не размещено: день, пара и аудитория не выбраны</p> : null}
      <div class="slot-fields">
        <div class="field">
          <label for={`${id}-day`}>День</label>
          <select id={`${id}-day`} value={slot.dayOfWeek ?? ''} onChange={(event) => onChange({ dayOfWeek: Number(event.currentTarget.value) || undefined })}>
            <option value="">— не выбран —</option>
            {DAYS.slice(1).map((name, at) => (
              <option key={name} value={at + 1}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for={`${id}-pair`}>Пара</label>
          <select id={`${id}-pair`} value={slot.timeSlotId ?? ''} onChange={(event) => onChange({ timeSlotId: Number(event.currentTarget.value) || undefined })}>
            <option value="">— выберите —</option>
            {pairs.map((pair) => (
              <option key={pair.timeSlotId} value={pair.timeSlotId}>{`${pair.orderNumber}. ${pair.startTime}–${pair.endTime}`}</option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for={`${id}-parity`}>Недели</label>
          <select id={`${id}-parity`} value={slot.parity} onChange={(event) => onChange({ parity: event.currentTarget.value as Parity })}>
            {PARITIES.map((parity) => (
              <option key={parity.value} value={parity.value}>
                {parity.label}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for={`${id}-type`}>Вид занятия</label>
          <select id={`${id}-type`} value={slot.lessonTypeId} onChange={(event) => onChange({ lessonTypeId: Number(event.currentTarget.value), subgroupIds: [] })}>
            {types.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for={`${id}-format`}>Формат</label>
          <select id={`${id}-format`} value={slot.lessonFormat} onChange={(event) => onChange({ lessonFormat: event.currentTarget.value as Format })}>
            {FORMATS.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Picker label={`Преподаватель слота ${index + 1}`} placeholder="Фамилия" search={(text) => findTeachers(text)} chosen={slot.teacher} onPick={(teacher) => onChange({ teacher })} />
      <Picker key={slot.cleared ?? 0} label={`Аудитория слота ${index + 1}`} placeholder="Номер аудитории" search={findClassrooms} chosen={slot.classroom} onPick={(classroom) => onChange({ classroom })} />
      {lab && groups.length > 0 ? (
        <fieldset class="subgroups">
          <legend>Подгруппы (для лабораторных; не выбрано — вся группа)</legend>
          {groups.flatMap((group) =>
            (subgroups[group.id] ?? []).map((subgroup) => (
              <label key={subgroup.id} class="check">
                <input
                  type="checkbox"
                  checked={slot.subgroupIds.includes(subgroup.id)}
                  onChange={(event) =>
                    onChange({ subgroupIds: event.currentTarget.checked ? [...slot.subgroupIds, subgroup.id] : slot.subgroupIds.filter((other) => other !== subgroup.id) })
                  }
                />
                {` ${group.label}: ${subgroup.name}`}
              </label>
            )),
          )}
        </fieldset>
      ) : null}
      {refusal ? <SlotRefusal refusal={refusal} /> : null}
      <div class="inline-form">
        {placing ? null : (
          <button type="button" onClick={onPlace}>
            Подобрать ячейку
          </button>
        )}
        {isDraft && placement(slot) !== 'unplaced' ? (
          <button type="button" onClick={() => onChange({ dayOfWeek: undefined, timeSlotId: undefined, classroom: undefined, cleared: (slot.cleared ?? 0) + 1 })}>
            {`Не размещать слот ${index + 1}`}
          </button>
        ) : null}
        {onRemove ? (
          <button type="button" class="link-button" onClick={onRemove}>
            {`Удалить слот ${index + 1}`}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

function SlotRefusal({ refusal }: { refusal: Refusal }) {
  return (
    <div class="notice notice-error slot-refusal" role="alert">
      <p>{refusal.message}</p>
      {refusal.conflictRule ? (
        <p>
          {`Мешает правило №${refusal.conflictRule.id} «${refusal.conflictRule.subjectName}» (${refusal.conflictRule.groupNames.join(', ')})`}
          {refusal.reasons && refusal.reasons.length > 0 ? `: ${refusal.reasons.join('; ')}` : ''}
        </p>
      ) : null}
      {refusal.conflictSlot ? <p>{clashPlace(refusal.conflictSlot)}</p> : null}
    </div>
  );
}

/** Where the clash is, from the API's data: the other slot of this rule or the stored rule's slot, and the weeks. */
function clashPlace(slot: Schemas['ConflictSlotResponse']): string {
  const other = slot.slotIndex !== undefined ? `слот ${slot.slotIndex + 1} этого правила` : `слот правила №${slot.ruleId ?? ''}`;
  const when = `${DAYS[slot.dayOfWeek]?.toLowerCase() ?? ''}${slot.pairNumber ? `, ${slot.pairNumber}-я пара` : ''}`;
  return slot.weeks.length > 0 ? `Совпадает с: ${other} (${when}), недели ${slot.weeks.join(', ')}` : `Совпадает с: ${other} (${when})`;
}

const SHORT_DAYS = ['', 'Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'];

/** «1-я пара» once the grid's pairs have come, «пара» until then. */
function pairName(pairs: Schemas['FreeCellPairResponse'][], timeSlotId: number | null): string {
  const pair = pairs.find((item) => item.timeSlotId === timeSlotId);
  return pair ? `${pair.orderNumber}-я пара` : 'пара';
}

/** «История»: the rule's closed periods (`?history=true`), read-only, loaded when asked. */
function RuleHistory({ ruleId, pairs }: { ruleId: number; pairs: Schemas['FreeCellPairResponse'][] }) {
  const [history, setHistory] = useState<Rule['slots']>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function load() {
    setBusy(true);
    setFailure(undefined);
    try {
      const read = await data(api.GET('/api/admin/schedule-rules/{id}', { params: { path: { id: ruleId }, query: { history: true } } }));
      setHistory(read.history ?? []);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section class="rule-history" aria-label="История правила">
      {history ? (
        history.length === 0 ? (
          <p class="hint">Закрытых периодов нет: правило действует так весь семестр.</p>
        ) : (
          <table>
            <caption>История: закрытые периоды (только для чтения)</caption>
            <thead>
              <tr>
                <th scope="col">Период</th>
                <th scope="col">Когда</th>
                <th scope="col">Преподаватель, аудитория, вид</th>
              </tr>
            </thead>
            <tbody>
              {history.map((slot) => (
                <tr key={slot.id}>
                  <td>{periodText(slot).trim().replace(/^\(|\)$/g, '') || 'весь семестр'}</td>
                  <td>{slot.dayOfWeek === null ? 'не размещено' : `${SHORT_DAYS[slot.dayOfWeek]}${slot.parity === 'ODD' ? ' (нечёт.)' : slot.parity === 'EVEN' ? ' (чёт.)' : ''}, ${pairName(pairs, slot.timeSlotId)}`}</td>
                  <td>{`${slot.teacherName}, ${slot.classroomName ?? '—'}, ${slot.lessonTypeName}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : (
        <button type="button" class="link-button" disabled={busy} onClick={() => void load()}>
          {busy ? 'Загрузка истории…' : 'История'}
        </button>
      )}
      {failure ? <ErrorLine message={failure} /> : null}
    </section>
  );
}

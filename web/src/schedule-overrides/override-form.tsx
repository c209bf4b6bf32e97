// One lesson's one-off change (spec 4.10): move it (another date from the availability endpoint,
// a pair of that day's effective grid, optionally another teacher, room or format), replace its
// teacher, room or format, or cancel it. Opened from a lesson of the week view or from the registry;
// an existing change is edited (PUT) or deleted. A refusal is shown at the control it concerns and
// every value stays as typed. Only dates and pairs still ahead are offered; a change of a lesson that
// has already taken place is allowed (recording what happened) after one question. Rooms offered for a
// replacement or a move are free at the lesson's (new) time and seat its students with its subject's
// equipment; a smaller room chosen by hand is kept possible after a question naming seats and
// students (issue 55), and the API's warnings are repeated in the success line.
import { useEffect, useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { useConfirm } from '../shared/confirm';
import { formatShortDate, formatTime, hasBegun, PAST_CHANGE_QUESTION } from '../shared/dates';
import { messageOf } from '../shared/errors';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { classroomById, findClassrooms, findTeachers } from '../shared/options';
import { Picker, type Choice } from '../shared/picker';
import { ErrorLine, useLoad } from '../shared/ui';
import { roomLabel } from '../shared/rooms';

type Action = Schemas['OverrideRequest']['action'];
type Format = 'Очно' | 'Онлайн';

/** The original lesson a change is about, as both the week view and the registry know it. */
export interface OriginalLesson {
  baseRuleSlotId: number;
  /** The original date (`lessonDate` of the API). */
  lessonDate: string;
  subjectName: string;
  lessonTypeName: string;
  groupNames: string[];
  startTime: string;
  endTime: string;
  teacherName: string;
  classroomName: string;
  lessonFormat: Format;
}

/** An existing change of that lesson, to edit. */
export interface ExistingChange {
  id: number;
  action: Action;
  targetLessonDate: string | null;
  newTimeSlotId: number | null;
  newTeacher?: Choice;
  newClassroom?: Choice;
  newLessonFormat: Format | null;
  comment: string | null;
}

interface Values extends Record<string, unknown> {
  action: Action;
  targetLessonDate: string;
  newTimeSlotId: string;
  newTeacher?: Choice;
  newClassroom?: Choice;
  newLessonFormat: '' | Format;
  comment: string;
}

const ACTIONS: { value: Action; label: string }[] = [
  { value: 'MOVE', label: 'Перенести' },
  { value: 'REPLACE', label: 'Заменить преподавателя, аудиторию или формат' },
  { value: 'CANCEL', label: 'Отменить занятие' },
];

export const describeOriginal = (lesson: OriginalLesson) =>
  `${lesson.subjectName} (${lesson.lessonTypeName}), ${lesson.groupNames.join(', ')}: ${formatShortDate(lesson.lessonDate)}, ${formatTime(lesson.startTime)}–${formatTime(lesson.endTime)}, ${lesson.teacherName}, ${roomLabel(lesson.classroomName)}`;

export function OverrideForm({
  lesson,
  existing,
  onDone,
  onCancel,
}: {
  lesson: OriginalLesson;
  existing?: ExistingChange;
  onDone: (text: string) => void;
  onCancel: () => void;
}) {
  const confirmation = useConfirm();
  // Fetched before the form: what any room of this lesson should offer (its students, its equipment).
  const availability = useLoad(
    () => data(api.GET('/api/edu-office/schedule/overrides/availability', { params: { query: { baseRuleSlotId: lesson.baseRuleSlotId, lessonDate: lesson.lessonDate } } })),
    [lesson.baseRuleSlotId, lesson.lessonDate],
  );
  const needs = availability.state === 'done' ? availability.data : null;
  const form = useApiForm<Values>({
    initial: {
      action: existing?.action ?? 'MOVE',
      targetLessonDate: existing?.targetLessonDate ?? lesson.lessonDate,
      newTimeSlotId: existing?.newTimeSlotId ? String(existing.newTimeSlotId) : '',
      newTeacher: existing?.newTeacher,
      newClassroom: existing?.newClassroom,
      newLessonFormat: existing?.newLessonFormat ?? '',
      comment: existing?.comment ?? '',
    },
    fields: { newTeacherId: 'newTeacher', newClassroomId: 'newClassroom' },
    confirm: async (values) => {
      if (hasBegun(lesson.lessonDate, lesson.startTime) && !window.confirm(PAST_CHANGE_QUESTION)) return false;
      const doubts = await roomDoubts(values, needs, lesson.lessonFormat);
      return (
        doubts.length === 0 ||
        confirmation.ask({
          title: 'Аудитория не подходит занятию',
          lines: [...doubts, 'Вместимость и оснащение — качество расписания, а не запрет: изменение можно сохранить.'],
          confirmText: `Сохранить с аудиторией ${values.newClassroom?.label ?? ''}`,
        })
      );
    },
    send: async (values) => {
      const body = requestOf(lesson, values);
      const saved = existing
        ? await data(api.PUT('/api/edu-office/schedule/overrides/{id}', { params: { path: { id: existing.id } }, body }))
        : await data(api.POST('/api/edu-office/schedule/overrides', { body }));
      const warned = saved.warnings.length ? ` Внимание: ${saved.warnings.map((warning) => warning.message).join('; ')}.` : '';
      const text = `${existing ? 'Изменение сохранено' : 'Создано разовое изменение'} №${saved.id}: ${changeText(saved)}.${warned}`;
      onDone(text);
      return text;
    },
  });
  const { values } = form;
  const moving = values.action === 'MOVE';
  const grid = useLoad(
    () => (moving && values.targetLessonDate ? data(api.GET('/api/admin/time-slots/effective', { params: { query: { date: values.targetLessonDate } } })) : Promise.resolve(null)),
    [moving, values.targetLessonDate],
  );
  // What is free for this lesson (the candidate finder: the checks a one-off change passes), so a
  // refusal is the exception: free pairs per day, the free pairs of the chosen day, rooms free at its
  // own time. A lesson that already has a change is not looked up (its change is edited as it is).
  const free = useLoad(
    () =>
      existing
        ? Promise.resolve(null)
        : data(api.GET('/api/teacher-change-requests/candidates', { params: { query: { baseRuleSlotId: lesson.baseRuleSlotId, lessonDate: lesson.lessonDate, targetDate: values.targetLessonDate || undefined } } })),
    [existing?.id, lesson.baseRuleSlotId, lesson.lessonDate, values.targetLessonDate],
  );
  const offer = free.state === 'done' ? free.data : null;
  const freeCount = new Map((offer?.dates ?? []).map((day) => [day.date, day.freeTimeSlotCount]));
  const freePairs = new Set((offer?.timeSlots ?? []).map((slot) => slot.requestedTimeSlotId));
  // The pair list follows the target day: a pair of another grid is not offered.
  useEffect(() => {
    if (grid.state !== 'done' || !grid.data || !values.newTimeSlotId) return;
    if (!grid.data.slots.some((slot) => String(slot.id) === values.newTimeSlotId)) form.set('newTimeSlotId', '');
  }, [grid.state]);
  const [deleting, setDeleting] = useState<string>();

  async function remove() {
    if (!existing || !window.confirm('Удалить разовое изменение? Занятие вернётся к расписанию по правилу.')) return;
    setDeleting(undefined);
    try {
      await data(api.DELETE('/api/edu-office/schedule/overrides/{id}', { params: { path: { id: existing.id } } }));
      onDone(`Изменение №${existing.id} удалено: занятие «${lesson.subjectName}» ${formatShortDate(lesson.lessonDate)} снова идёт по правилу.`);
    } catch (error) {
      setDeleting(messageOf(error));
    }
  }

  const dates = availability.state === 'done' ? availability.data.availableDates : [];
  return (
    <section class="panel override-form" aria-labelledby="override-title">
      <div class="panel-head">
        <h2 id="override-title">{existing ? `Разовое изменение №${existing.id}` : 'Разовое изменение занятия'}</h2>
        <button type="button" class="link-button" onClick={onCancel}>
          Закрыть
        </button>
      </div>
      <p id="override-lesson">{`Занятие: ${describeOriginal(lesson)}`}</p>
      {confirmation.dialog}
      <ApiFormFrame form={form} label="Разовое изменение" submitText={existing ? 'Сохранить изменение' : 'Применить изменение'}>
        <fieldset class="kinds">
          <legend>Что сделать</legend>
          {ACTIONS.map((item) => (
            <label class="kind" key={item.value}>
              <input type="radio" name="override-action" value={item.value} checked={values.action === item.value} onChange={() => form.set('action', item.value)} /> {item.label}
            </label>
          ))}
        </fieldset>
        {moving ? (
          <>
            <Field
              label="Новая дата"
              error={form.errorAt('targetLessonDate') ?? (availability.state === 'error' ? availability.message : undefined)}
              hint={availability.state === 'done' ? `Дни впереди, открытые для занятий группы: ${dates.length}` : 'Загрузка доступных дат…'}
              control={(props) => (
                <select {...props} value={values.targetLessonDate} onChange={(event) => form.set('targetLessonDate', event.currentTarget.value)}>
                  {dates.includes(values.targetLessonDate) ? null : (
                    <option value={values.targetLessonDate}>
                      {`${formatShortDate(values.targetLessonDate)}${values.targetLessonDate === lesson.lessonDate ? ' (тот же день)' : ''}${offer ? `: свободных пар ${freeCount.get(values.targetLessonDate) ?? 0}` : ''}`}
                    </option>
                  )}
                  {dates.map((date) => (
                    <option key={date} value={date}>
                      {`${formatShortDate(date)}${date === lesson.lessonDate ? ' (тот же день)' : ''}${offer ? `: свободных пар ${freeCount.get(date) ?? 0}` : ''}`}
                    </option>
                  ))}
                </select>
              )}
            />
            <Field
              label="Пара"
              error={form.errorAt('newTimeSlotId') ?? (grid.state === 'error' ? grid.message : undefined)}
              hint={grid.state === 'done' && grid.data ? `Сетка дня: ${grid.data.scopeName}` : undefined}
              control={(props) => (
                <select {...props} value={values.newTimeSlotId} onChange={(event) => form.set('newTimeSlotId', event.currentTarget.value)}>
                  <option value="">Выберите пару</option>
                  {grid.state === 'done' && grid.data
                    ? grid.data.slots
                        // Another day's pairs are offered only while ahead; the lesson's own day keeps all (recording).
                        .filter((slot) => values.targetLessonDate === lesson.lessonDate || !hasBegun(values.targetLessonDate, slot.startTime))
                        .map((slot) => (
                        <option key={slot.id} value={slot.id}>
                          {`${slot.orderNumber}-я пара, ${formatTime(slot.startTime)}–${formatTime(slot.endTime)}${offer ? (freePairs.has(slot.id) ? ' — свободна' : ' — занята') : ''}`}
                        </option>
                      ))
                    : null}
                </select>
              )}
            />
          </>
        ) : null}
        {moving && offer ? <FreePairs offer={offer} chosen={values.newTimeSlotId} onChoose={(id) => form.set('newTimeSlotId', String(id))} /> : null}
        {free.state === 'error' ? <p class="hint">{`Свободные пары и аудитории не подобраны: ${free.message}`}</p> : null}
        {values.action !== 'CANCEL' ? (
          <>
            <ChoiceField label="Новый преподаватель" current={lesson.teacherName} chosen={values.newTeacher} error={form.errorAt('newTeacher')} search={(text) => findTeachers(text)} onChange={(item) => form.set('newTeacher', item)} />
            <ChoiceField label="Новая аудитория" current={lesson.classroomName} chosen={values.newClassroom} error={form.errorAt('newClassroom')} search={findClassrooms} onChange={(item) => form.set('newClassroom', item)} />
            {needs && (values.newLessonFormat || lesson.lessonFormat) !== 'Онлайн' ? (
              <FittingRooms
                needs={needs}
                date={moving ? values.targetLessonDate : lesson.lessonDate}
                timeSlotId={moving ? Number(values.newTimeSlotId) || undefined : needs.timeSlotId}
                chosen={values.newClassroom?.id}
                onChoose={(room) => form.set('newClassroom', { id: room.id, label: room.name })}
              />
            ) : null}
            <Field
              label="Формат"
              error={form.errorAt('newLessonFormat')}
              control={(props) => (
                <select {...props} value={values.newLessonFormat} onChange={(event) => form.set('newLessonFormat', event.currentTarget.value as Values['newLessonFormat'])}>
                  <option value="">{`Не менять (${lesson.lessonFormat})`}</option>
                  <option value="Очно">Очно</option>
                  <option value="Онлайн">Онлайн</option>
                </select>
              )}
            />
          </>
        ) : null}
        <Field label="Комментарий" error={form.errorAt('comment')} control={(props) => <input {...props} value={values.comment} maxLength={1000} onInput={(event) => form.set('comment', event.currentTarget.value)} />} />
      </ApiFormFrame>
      {existing ? (
        <div class="override-delete">
          <button type="button" onClick={() => void remove()}>
            Удалить изменение
          </button>
          {deleting ? <ErrorLine message={deleting} /> : null}
        </div>
      ) : null}
    </section>
  );
}

type Offer = Schemas['ChangeRequestCandidatesResponse'];

/** The free pairs of the chosen day as buttons (each has passed the one-off change's checks). */
function FreePairs({ offer, chosen, onChoose }: { offer: Offer; chosen: string; onChoose: (timeSlotId: number) => void }) {
  return (
    <div class="free-offer" id="free-pairs">
      <p>{offer.timeSlots.length ? `Свободные пары ${formatShortDate(offer.targetDate)} для этого занятия:` : `${formatShortDate(offer.targetDate)} свободных пар для этого занятия нет.`}</p>
      {offer.timeSlots.length ? (
        <ul class="chosen-list">
          {offer.timeSlots.map((slot) => (
            <li key={slot.requestedTimeSlotId}>
              <button type="button" class="link-button" aria-pressed={chosen === String(slot.requestedTimeSlotId)} onClick={() => onChoose(slot.requestedTimeSlotId)}>
                {`${slot.timeSlotOrder}-я пара, ${formatTime(slot.startTime)}–${formatTime(slot.endTime)}`}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

type Needs = Schemas['OverrideAvailabilityResponse'];
type Room = Schemas['FreeClassroomRow'];

const studentsText = (count: number) => {
  const tens = count % 100;
  const units = count % 10;
  if (tens >= 11 && tens <= 14) return `${count} студентов`;
  return `${count} ${units === 1 ? 'студент' : units >= 2 && units <= 4 ? 'студента' : 'студентов'}`;
};

/**
 * The rooms free at the lesson's time (the new one for a move, once its pair is chosen) that seat its
 * students and have its subject's equipment, smallest first (the free-room finder's answer).
 */
function FittingRooms({ needs, date, timeSlotId, chosen, onChoose }: { needs: Needs; date: string; timeSlotId?: number; chosen?: number; onChoose: (room: Room) => void }) {
  const rooms = useLoad(
    () =>
      timeSlotId
        ? data(
            api.GET('/api/workload/free-classrooms', {
              params: { query: { date, timeSlotId, minCapacity: needs.students || undefined, equipmentIds: needs.requiredEquipment.map((item) => item.id) } },
            }),
          ).then((answer) => answer as Room[])
        : Promise.resolve(null),
    [date, timeSlotId, needs.students, needs.requiredEquipment.map((item) => item.id).join(',')],
  );
  const wanted = [`не меньше ${needs.students} мест`, ...(needs.requiredEquipment.length ? [`с оборудованием ${needs.requiredEquipment.map((item) => `«${item.name}»`).join(', ')}`] : [])].join(', ');
  if (!timeSlotId) return <p class="hint" id="free-rooms">Подходящие аудитории появятся, когда выбрана пара.</p>;
  if (rooms.state === 'loading') return <p class="hint" id="free-rooms">Подбор аудиторий…</p>;
  if (rooms.state === 'error') return <p class="hint" id="free-rooms">{`Аудитории не подобраны: ${rooms.message}`}</p>;
  const list = rooms.data ?? [];
  return (
    <div class="free-offer" id="free-rooms">
      <p>{list.length ? `Свободные аудитории, подходящие занятию (${wanted}):` : `Свободных аудиторий ${wanted} в это время нет.`}</p>
      {list.length ? (
        <ul class="chosen-list">
          {list.map((room) => (
            <li key={room.id}>
              <button type="button" class="link-button" aria-pressed={chosen === room.id} onClick={() => onChoose(room)}>
                {`${room.name} (${room.capacity} мест)`}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** What a room chosen by hand lacks for this lesson: seats for its students, its subject's equipment. */
async function roomDoubts(values: Values, needs: Needs | null, format: Format): Promise<string[]> {
  const chosen = values.newClassroom;
  if (!chosen || !needs || values.action === 'CANCEL' || (values.newLessonFormat || format) === 'Онлайн') return [];
  const room = await classroomById(chosen.id).catch(() => undefined);
  if (!room) return [];
  const doubts: string[] = [];
  if (room.capacity < needs.students) doubts.push(`В аудитории ${room.name} ${room.capacity} мест, а на занятии ${studentsText(needs.students)}.`);
  const has = new Set(room.equipments.map((item) => item.id));
  const missing = needs.requiredEquipment.filter((item) => !has.has(item.id));
  if (missing.length) doubts.push(`В аудитории ${room.name} нет оборудования ${missing.map((item) => `«${item.name}»`).join(', ')}.`);
  return doubts;
}

/** An optional new teacher or room: the picker, what stays when nothing is chosen, and «не менять». */
function ChoiceField({
  label,
  current,
  chosen,
  error,
  search,
  onChange,
}: {
  label: string;
  current: string;
  chosen?: Choice;
  error?: string;
  search: (text: string) => Promise<Choice[]>;
  onChange: (item?: Choice) => void;
}) {
  return (
    <div class={`field choice-field${error ? ' field-invalid' : ''}`}>
      <Picker key={chosen?.id ?? 'none'} label={label} placeholder={`Сейчас: ${current}`} search={search} chosen={chosen} onPick={onChange} />
      {chosen ? (
        <button type="button" class="link-button" onClick={() => onChange(undefined)}>
          {`Не менять (${current})`}
        </button>
      ) : (
        <p class="hint">{`Не меняется: ${current}`}</p>
      )}
      {error ? <ErrorLine message={error} /> : null}
    </div>
  );
}

function requestOf(lesson: OriginalLesson, values: Values): Schemas['OverrideRequest'] {
  const base = { baseRuleSlotId: lesson.baseRuleSlotId, lessonDate: lesson.lessonDate, action: values.action, comment: values.comment.trim() || null };
  if (values.action === 'CANCEL') return base;
  const changes = {
    newTeacherId: values.newTeacher?.id ?? null,
    newClassroomId: values.newClassroom?.id ?? null,
    newLessonFormat: values.newLessonFormat || null,
  };
  if (values.action === 'REPLACE') return { ...base, ...changes };
  return {
    ...base,
    ...changes,
    targetLessonDate: values.targetLessonDate && values.targetLessonDate !== lesson.lessonDate ? values.targetLessonDate : null,
    newTimeSlotId: values.newTimeSlotId ? Number(values.newTimeSlotId) : null,
  };
}

/** What a saved change does, in one line (the registry and the success notice). */
export function changeText(change: Schemas['OverrideResponse']): string {
  const original = `«${change.subjectName}» ${formatShortDate(change.lessonDate)} ${formatTime(change.originalStartTime)}`;
  if (change.action === 'CANCEL') return `${original} отменено`;
  const parts: string[] = [];
  if (change.action === 'MOVE') parts.push(`перенесено на ${formatShortDate(change.targetLessonDate ?? change.lessonDate)} ${formatTime(change.newStartTime)}`);
  if (change.newTeacherName) parts.push(`преподаватель ${change.newTeacherName}`);
  if (change.newClassroomName) parts.push(`аудитория ${change.newClassroomName}`);
  if (change.newLessonFormat) parts.push(`формат ${change.newLessonFormat}`);
  return `${original}: ${parts.join(', ')}`;
}

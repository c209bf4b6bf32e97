// The replacement wizard of an approved absence (spec 4.13; ADMIN and EDUCATION_OFFICE): every
// affected lesson with the API's own candidates (ranked replacement teachers, other pairs of the
// nearest teaching days, free rooms, cancellation), one decision per lesson collected on the page and
// resolved in one batch. A 409 names the decision at fault: it is shown at that lesson, nothing is
// applied, and every choice stays as it was. What fixes the absence leads (another teacher, another
// time, cancellation); a room change is offered after them. A lesson already given is marked, and
// changing one asks once whether to record it after the fact.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatLongDate, formatShortDate, formatTime, hasBegun, PAST_CHANGE_QUESTION } from '../shared/dates';
import { messageOf } from '../shared/errors';
import { ErrorLine, LongOperation, Status, useId, useLoad } from '../shared/ui';
import { roomLabel } from '../shared/rooms';

type Item = Schemas['WizardItem'];
type Absence = Schemas['AbsenceResponse'];
type Decision = Schemas['AbsenceDecisionRequest'];

const RESOLUTION_NAMES: Record<Decision['resolution'], string> = {
  REPLACE_TEACHER: 'Замена преподавателя',
  MOVE_TIME: 'Перенос',
  CHANGE_CLASSROOM: 'Другая аудитория',
  CANCEL: 'Отмена занятия',
  REJECT: 'Оставить без изменений (отказ)',
};

const keyOf = (item: Item) => `${item.lesson.baseRuleSlotId}|${item.lesson.lessonDate}`;

/** The choices of one lesson as select options: each value encodes a whole decision. */
function optionsOf(item: Item): { value: string; label: string; decision: Omit<Decision, 'baseRuleSlotId' | 'lessonDate'> }[] {
  const options: { value: string; label: string; decision: Omit<Decision, 'baseRuleSlotId' | 'lessonDate'> }[] = [];
  for (const teacher of item.replacementTeachers) {
    options.push({ value: `T${teacher.teacherId}`, label: `${RESOLUTION_NAMES.REPLACE_TEACHER}: ${teacher.teacherName}${teacher.sameDepartment ? ' (своя кафедра)' : ''}${teacher.createsGap ? ', будет окно' : ''}`, decision: { resolution: 'REPLACE_TEACHER', newTeacherId: teacher.teacherId } });
  }
  for (const move of item.moveOptions) {
    const day = move.targetLessonDate ? formatShortDate(move.targetLessonDate) : 'тот же день';
    options.push({ value: `M${move.targetLessonDate ?? ''}-${move.newTimeSlotId}`, label: `${RESOLUTION_NAMES.MOVE_TIME}: ${day}, ${move.timeSlotOrder}-я пара (${formatTime(move.startTime)})`, decision: { resolution: 'MOVE_TIME', targetLessonDate: move.targetLessonDate, newTimeSlotId: move.newTimeSlotId } });
  }
  if (item.canCancel) options.push({ value: 'CANCEL', label: RESOLUTION_NAMES.CANCEL, decision: { resolution: 'CANCEL' } });
  // A new room does not replace the absent teacher: it comes after what does.
  for (const room of item.classrooms) {
    options.push({ value: `C${room.classroomId}`, label: `${RESOLUTION_NAMES.CHANGE_CLASSROOM}: ${room.classroomName}`, decision: { resolution: 'CHANGE_CLASSROOM', newClassroomId: room.classroomId } });
  }
  options.push({ value: 'REJECT', label: RESOLUTION_NAMES.REJECT, decision: { resolution: 'REJECT' } });
  return options;
}

export function AbsenceWizard({ absence, onResolved }: { absence: Absence; onResolved: () => void }) {
  const wizard = useLoad(() => data(api.GET('/api/teacher-absences/{id}/wizard', { params: { path: { id: absence.id } } })), [absence.id]);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ key?: string; message: string }>();
  const [done, setDone] = useState<string>();
  const headingId = useId('wizard');

  if (wizard.state === 'loading') return <Status>Ищем затронутые занятия и варианты…</Status>;
  if (wizard.state === 'error') return <ErrorLine message={wizard.message} />;
  const items = wizard.data.lessons;

  async function resolve() {
    const picked = items.filter((item) => chosen[keyOf(item)]);
    const decisions: Decision[] = picked.map((item) => {
      const option = optionsOf(item).find((candidate) => candidate.value === chosen[keyOf(item)]);
      return { baseRuleSlotId: item.lesson.baseRuleSlotId, lessonDate: item.lesson.lessonDate, ...option!.decision };
    });
    const changesPast = picked.some((item, index) => decisions[index].resolution !== 'REJECT' && hasBegun(item.lesson.date, item.lesson.startTime));
    if (changesPast && !window.confirm(PAST_CHANGE_QUESTION)) return;
    setBusy(true);
    setRefusal(undefined);
    setDone(undefined);
    try {
      const answer = await data(api.POST('/api/teacher-absences/{id}/resolve', { params: { path: { id: absence.id } }, body: { decisions } }));
      setDone(`Применено решений: ${answer.applied.length}; занятий без решения осталось: ${answer.remainingLessonCount}`);
      setChosen({});
      wizard.reload();
      onResolved();
    } catch (error) {
      const message = messageOf(error);
      // «Решение N (…)»: the N-th decision sent is the one at fault.
      const position = Number(/^Решение (\d+)/.exec(message)?.[1] ?? 0);
      setRefusal({ key: position > 0 ? keyOf(picked[position - 1]) : undefined, message });
    } finally {
      setBusy(false);
    }
  }

  const count = Object.values(chosen).filter(Boolean).length;
  return (
    <section aria-labelledby={headingId} class="wizard">
      <h2 id={headingId}>{`Замены: ${absence.teacherName}, ${formatShortDate(absence.startDate)}–${formatShortDate(absence.endDate)}`}</h2>
      <p class="hint">{`Затронуто занятий: ${items.length}; без решения: ${wizard.data.remainingLessonCount}. Выберите решение для каждого занятия и примените их вместе.`}</p>
      {items.length === 0 ? <p class="empty">В период отсутствия у преподавателя нет занятий.</p> : null}
      <ol class="wizard-items">
        {items.map((item) => {
          const key = keyOf(item);
          const lesson = item.lesson;
          const label = `Решение: ${lesson.subjectName}, ${formatLongDate(lesson.date)}, ${formatTime(lesson.startTime)}`;
          return (
            <li key={key} class="wizard-item">
              <p>
                <strong>{`${formatLongDate(lesson.date)}, ${formatTime(lesson.startTime)}–${formatTime(lesson.endTime)}`}</strong>
                {` · ${lesson.subjectName}, ${lesson.lessonTypeName.toLowerCase()} · ${lesson.groupNames.join(', ')} · ${roomLabel(lesson.classroomName)}`}
                {hasBegun(lesson.date, lesson.startTime) ? <em> · уже прошло</em> : null}
              </p>
              {item.decision ? <p class="notice notice-info">{`Принято: ${RESOLUTION_NAMES[item.decision.resolution]}${item.decision.newTeacherName ? ` — ${item.decision.newTeacherName}` : ''}`}</p> : null}
              <label>
                {label}
                <select aria-label={label} value={chosen[key] ?? ''} onChange={(event) => setChosen({ ...chosen, [key]: event.currentTarget.value })}>
                  <option value="">— без решения —</option>
                  {optionsOf(item).map((option) => (
                    <option key={option.value} value={option.value}>{option.label}</option>
                  ))}
                </select>
              </label>
              {refusal?.key === key ? <ErrorLine message={refusal.message} /> : null}
            </li>
          );
        })}
      </ol>
      {refusal && !refusal.key ? <ErrorLine message={refusal.message} /> : null}
      {done ? <p class="notice notice-info" role="status">{done}</p> : null}
      {busy ? <LongOperation label="Применяем решения одним пакетом…" /> : null}
      <button type="button" class="primary" disabled={busy || count === 0} onClick={() => void resolve()}>
        {`Применить решения (${count})`}
      </button>
    </section>
  );
}

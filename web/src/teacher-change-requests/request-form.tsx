// «Попросить перенос» for one lesson of the teacher's week (spec 4.15): what may be asked (a move to
// a free pair of a chosen day, another room, a cancellation) comes from the API's own candidates, so
// everything offered has already passed the validator a one-off change passes. A refusal (e.g. a
// second request for the same lesson) is shown in the form, which keeps its input.
import { useRef } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatLongDate, formatShortDate, formatTime } from '../shared/dates';
import { type ApiForm, ApiFormFrame, Field, useApiForm } from '../shared/form';
import { ErrorLine, Status, useLoad } from '../shared/ui';
import { REQUEST_TYPE_NAMES } from './labels';
import { roomLabel } from '../shared/rooms';
import { askedChange } from './my-requests';

type Lesson = Schemas['RenderedLessonDto'];
type RequestType = Schemas['ChangeRequestRequest']['requestType'];

interface Values extends Record<string, unknown> {
  requestType: RequestType;
  targetLessonDate: string;
  requestedTimeSlotId: string;
  requestedClassroomId: string;
  reason: string;
}

/** The lesson a request names: its rule slot and its original date (a moved lesson keeps it). */
export function requestedLesson(lesson: Lesson): { baseRuleSlotId: number; lessonDate: string } {
  return { baseRuleSlotId: lesson.scheduleRuleSlotId, lessonDate: lesson.originalLessonDate ?? lesson.date };
}

/** What was sent, in words, for the page the form closes back to. */
export function sentRequestNotice(request: Schemas['ChangeRequestResponse']): string {
  const lesson = `${request.subjectName}, ${formatShortDate(request.lessonDate)}, ${formatTime(request.originalStartTime)}`;
  return `Заявка №${request.id} отправлена: ${lesson} — ${REQUEST_TYPE_NAMES[request.requestType].toLowerCase()}${request.requestType === 'CANCEL' ? '' : `: ${askedChange(request)}`}. Она ждёт решения учебного отдела; занятие отмечено «Заявка на перенос».`;
}

export function ChangeRequestForm({ lesson, onSubmitted }: { lesson: Lesson; onSubmitted: (request: Schemas['ChangeRequestResponse']) => void }) {
  const named = requestedLesson(lesson);
  const form: ApiForm<Values> = useApiForm<Values>({
    initial: { requestType: 'MOVE', targetLessonDate: named.lessonDate, requestedTimeSlotId: '', requestedClassroomId: '', reason: '' },
    send: async (values) => {
      const created = await data(
        api.POST('/api/teacher-change-requests', {
          body: {
            ...named,
            requestType: values.requestType,
            targetLessonDate: values.requestType === 'MOVE' && values.targetLessonDate !== named.lessonDate ? values.targetLessonDate : null,
            requestedTimeSlotId: values.requestType === 'MOVE' && values.requestedTimeSlotId ? Number(values.requestedTimeSlotId) : null,
            requestedClassroomId: values.requestType === 'CHANGE_CLASSROOM' && values.requestedClassroomId ? Number(values.requestedClassroomId) : null,
            reason: values.reason,
          },
        }),
      );
      onSubmitted(created);
      return `Заявка №${created.id} подана: ${REQUEST_TYPE_NAMES[created.requestType].toLowerCase()}, ждёт решения учебного отдела`;
    },
    // The API names MOVE's pair and CHANGE_CLASSROOM's room by their field names; a 409 (a pending
    // request, a taken pair) belongs to the choice the user made.
    otherwise: (values) => (values.requestType === 'MOVE' ? 'requestedTimeSlotId' : values.requestType === 'CHANGE_CLASSROOM' ? 'requestedClassroomId' : 'reason'),
  });
  const { requestType, targetLessonDate } = form.values;
  const candidates = useLoad(
    () => data(api.GET('/api/teacher-change-requests/candidates', { params: { query: { ...named, targetDate: targetLessonDate } } })),
    [named.baseRuleSlotId, named.lessonDate, targetLessonDate],
  );
  const typeName = `type-${named.baseRuleSlotId}-${named.lessonDate}`;

  const head = (
    <p class="notice notice-info">
      {`${lesson.subjectName}, ${lesson.lessonTypeName.toLowerCase()} · ${formatLongDate(lesson.date)}, ${formatTime(lesson.startTime)}–${formatTime(lesson.endTime)} · ${roomLabel(lesson.classroomName)} · ${lesson.groupNames.join(', ')}`}
    </p>
  );
  // The last answer stays on screen while the pairs of another day load, so the form never jumps.
  const lastOffer = useRef<Schemas['ChangeRequestCandidatesResponse']>();
  if (candidates.state === 'done') lastOffer.current = candidates.data;
  const offer = lastOffer.current;
  if (!offer && candidates.state === 'loading') return (<>{head}<Status>Подбираем свободные дни, пары и аудитории…</Status></>);
  if (!offer && candidates.state === 'error') return (<>{head}<ErrorLine message={candidates.message} /></>);

  return (
    <>
      {head}
      {offer?.pendingRequestId ? (
        <p class="notice notice-warning">{`По этому занятию уже есть заявка №${offer.pendingRequestId}, ожидающая решения.`}</p>
      ) : null}
      <ApiFormFrame form={form} label="Заявка на изменение занятия" submitText="Отправить заявку">
        <fieldset class="kinds">
          <legend>Что нужно</legend>
          {(['MOVE', 'CHANGE_CLASSROOM', 'CANCEL'] as const).map((type) => (
            <label class="kind" key={type}>
              <input type="radio" name={typeName} value={type} checked={requestType === type} onChange={() => form.set('requestType', type)} />
              {REQUEST_TYPE_NAMES[type]}
            </label>
          ))}
        </fieldset>
        {requestType === 'MOVE' ? (
          <>
            <Field
              label="День переноса"
              error={form.errorAt('targetLessonDate')}
              hint="Дни семестра, где есть хотя бы одна свободная пара"
              control={(props) => (
                <select {...props} value={targetLessonDate} onChange={(event) => { form.set('targetLessonDate', event.currentTarget.value); form.set('requestedTimeSlotId', ''); }}>
                  <option value={named.lessonDate}>{`${formatShortDate(named.lessonDate)} (день занятия)`}</option>
                  {(offer?.dates ?? [])
                    .filter((day) => day.date !== named.lessonDate)
                    .map((day) => (
                      <option key={day.date} value={day.date}>{`${formatShortDate(day.date)}: свободных пар ${day.freeTimeSlotCount}`}</option>
                    ))}
                </select>
              )}
            />
            <Field
              label="Пара"
              error={form.errorAt('requestedTimeSlotId')}
              hint="Рядом с парой — аудитория, где пройдёт занятие после переноса: ваша, если свободна, иначе свободная, где хватит мест; её назначит учебный отдел"
              control={(props) => (
                <select {...props} value={form.values.requestedTimeSlotId} onChange={(event) => form.set('requestedTimeSlotId', event.currentTarget.value)}>
                  <option value="">{candidates.state === 'loading' ? 'Загрузка…' : offer?.timeSlots.length ? 'Выберите пару' : 'В этот день свободных пар нет'}</option>
                  {(offer?.timeSlots ?? []).map((slot) => (
                    <option key={slot.requestedTimeSlotId} value={String(slot.requestedTimeSlotId)}>
                      {`${slot.timeSlotOrder}-я пара, ${formatTime(slot.startTime)}–${formatTime(slot.endTime)}, ${roomLabel(slot.classroomName)}${slot.ownClassroom ? '' : ' (ваша занята)'}`}
                    </option>
                  ))}
                </select>
              )}
            />
          </>
        ) : null}
        {requestType === 'CHANGE_CLASSROOM' ? (
          <Field
            label="Аудитория"
            error={form.errorAt('requestedClassroomId')}
            hint="Аудитории, свободные во время занятия"
            control={(props) => (
              <select {...props} value={form.values.requestedClassroomId} onChange={(event) => form.set('requestedClassroomId', event.currentTarget.value)}>
                <option value="">{offer?.classrooms.length ? 'Выберите аудиторию' : 'Свободных аудиторий нет'}</option>
                {(offer?.classrooms ?? []).map((room) => (
                  <option key={room.requestedClassroomId} value={String(room.requestedClassroomId)}>{`${room.classroomName} (мест: ${room.capacity})`}</option>
                ))}
              </select>
            )}
          />
        ) : null}
        <Field
          label="Причина"
          error={form.errorAt('reason')}
          control={(props) => <textarea {...props} rows={3} maxLength={1000} value={form.values.reason} onInput={(event) => form.set('reason', event.currentTarget.value)} />}
        />
      </ApiFormFrame>
    </>
  );
}

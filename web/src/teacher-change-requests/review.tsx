// /admin/#change-requests: teachers' change requests (spec 4.15) with the lesson, what is asked and
// the history. The office applies one (re-validated; it becomes an ordinary one-off change) or
// rejects it with the required comment; a department sees its teachers' requests without deciding.
// Applying asks once (it changes the live timetable) and then says what happened, with a link to the
// one-off change it made.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatShortDate, formatTime } from '../shared/dates';
import { Field } from '../shared/form';
import { ReviewControls } from '../shared/review';
import { RoomWarnings, type RoomWarning } from '../shared/room-warnings';
import { useMe } from '../shared/session';
import { DataTable } from '../shared/table';
import { useLoad } from '../shared/ui';
import { announceQueueChanged } from '../shared/waiting';
import { REQUEST_STATUS_NAMES, REQUEST_TYPE_NAMES } from './labels';
import { RequestStatus } from './request-status';
import { askedChange } from './my-requests';
import { roomLabel } from '../shared/rooms';

type Request = Schemas['ChangeRequestResponse'];
type Status = Request['status'];

export default function ChangeRequestsReview() {
  const me = useMe();
  const mayDecide = me.role === 'ADMIN' || me.role === 'EDUCATION_OFFICE';
  const [status, setStatus] = useState<Status | ''>('PENDING');
  const rows = useLoad(() => data(api.GET('/api/teacher-change-requests', { params: { query: status ? { status } : {} } })), [status]);
  const [outcome, setOutcome] = useState<{ text: string; lessonDate?: string; warnings?: RoomWarning[] }>();
  return (
    <>
      <h1 id="page-title">Заявки преподавателей</h1>
      {outcome ? (
        <p class="notice notice-info" role="status" id="review-outcome">
          {outcome.text}
          {outcome.lessonDate ? (
            <>
              {' '}
              <a href={`#overrides?date=${outcome.lessonDate}`}>Открыть в разовых изменениях</a>
            </>
          ) : null}
        </p>
      ) : null}
      <RoomWarnings warnings={outcome?.warnings ?? []} id="review-warnings" />
      <Field
        label="Статус"
        control={(props) => (
          <select {...props} value={status} onChange={(event) => setStatus(event.currentTarget.value as Status | '')}>
            <option value="">Все</option>
            {(Object.keys(REQUEST_STATUS_NAMES) as Status[]).map((code) => (
              <option key={code} value={code}>{REQUEST_STATUS_NAMES[code]}</option>
            ))}
          </select>
        )}
      />
      <DataTable<Request>
        caption="Заявки на изменение занятий"
        rows={rows}
        rowKey={(request) => request.id}
        filterText={(request) => `${request.teacherName} ${request.subjectName} ${request.groupNames.join(' ')}`}
        empty="Заявок с таким статусом нет."
        columns={[
          { title: '№', cell: (request) => request.id, compare: (a, b) => a.id - b.id },
          { title: 'Преподаватель', cell: (request) => request.teacherName, compare: (a, b) => a.teacherName.localeCompare(b.teacherName, 'ru') },
          {
            title: 'Занятие',
            cell: (request) => `${request.subjectName} · ${formatShortDate(request.lessonDate)}, ${formatTime(request.originalStartTime)} · ${roomLabel(request.originalClassroomName)} · ${request.groupNames.join(', ')}`,
            compare: (a, b) => a.lessonDate.localeCompare(b.lessonDate),
          },
          { title: 'Что просит', cell: (request) => `${REQUEST_TYPE_NAMES[request.requestType]}: ${askedChange(request)}. Причина: ${request.reason}` },
          {
            title: 'Статус и история',
            cell: (request) => <RequestStatus request={request} />,
          },
          {
            title: 'Решение',
            cell: (request) =>
              mayDecide && request.status === 'PENDING' ? (
                <ReviewControls
                  what={`заявка №${request.id}`}
                  approveText="Применить"
                  approveQuestion={{
                    title: `Применить заявку №${request.id}?`,
                    lines: [`${lessonOf(request)}: ${askedChange(request).toLowerCase()}.`, 'Расписание изменится сразу, преподаватель и группа увидят это в своём расписании.'],
                    confirmText: 'Применить заявку',
                  }}
                  review={async (approved, comment) => {
                    const decided = await data(api.POST('/api/teacher-change-requests/{id}/review', { params: { path: { id: request.id } }, body: { approved, comment } }));
                    setOutcome(approved ? { text: appliedText(decided), lessonDate: decided.lessonDate, warnings: decided.warnings } : { text: `Заявка №${decided.id} отклонена: преподаватель увидит комментарий «${decided.reviewComment ?? ''}».` });
                    announceQueueChanged();
                    rows.reload();
                  }}
                />
              ) : null,
          },
        ]}
      />
    </>
  );
}

/** «, ауд. 1-105 (аудитория занятия в это время занята)» after a move, when the answer names the room. */
function movedRoom(request: Schemas['ChangeRequestReviewResponse']): string {
  if (!request.classroomName) return '';
  return `, ${roomLabel(request.classroomName)}${request.ownClassroom === false ? ' (аудитория занятия в это время занята)' : ''}`;
}

/** «Занятие 03.12 (чт), 08:30» of a request. */
function lessonOf(request: Request): string {
  return `Занятие ${formatShortDate(request.lessonDate)}, ${formatTime(request.originalStartTime)}`;
}

/**
 * «Заявка №7 применена: занятие 03.12 (чт), 08:30 перенесено на 05.12 (сб), 10:10–11:40, ауд. 1-105
 * (аудитория занятия в это время занята)»: a move names the room the application gave it (issue 55).
 */
function appliedText(request: Schemas['ChangeRequestReviewResponse']): string {
  const lesson = lessonOf(request).toLowerCase();
  const done =
    request.requestType === 'CANCEL'
      ? `${lesson} отменено`
      : request.requestType === 'CHANGE_CLASSROOM'
        ? `${lesson} пройдёт в аудитории ${request.requestedClassroomName ?? ''}`
        : `${lesson} перенесено на ${askedChange(request)}${movedRoom(request)}`;
  return `Заявка №${request.id} применена: ${done} (разовое изменение №${request.appliedOverrideId ?? ''}).`;
}

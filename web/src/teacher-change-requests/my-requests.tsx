// /teacher/#change-requests: the teacher's own requests (spec 4.15) with status, the reviewer's
// comment and the history of each; a pending one can be withdrawn.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatShortDate, formatTime } from '../shared/dates';
import { messageOf } from '../shared/errors';
import { DataTable } from '../shared/table';
import { ErrorLine, useLoad } from '../shared/ui';
import { REQUEST_TYPE_NAMES } from './labels';
import { RequestStatus } from './request-status';

type Request = Schemas['ChangeRequestResponse'];

/** What a request asks for, in words (shared with the office's queue). */
export function askedChange(request: Request): string {
  if (request.requestType === 'CANCEL') return 'Отменить занятие';
  if (request.requestType === 'CHANGE_CLASSROOM') return `Аудитория ${request.requestedClassroomName ?? ''}`;
  const day = request.targetLessonDate ? formatShortDate(request.targetLessonDate) : 'тот же день';
  return `${day}, ${formatTime(request.requestedStartTime)}–${formatTime(request.requestedEndTime)}`;
}

export default function MyChangeRequests() {
  const rows = useLoad(() => data(api.GET('/api/teacher-change-requests')), []);
  const [refusal, setRefusal] = useState<{ id: number; message: string }>();
  const [notice, setNotice] = useState<string>();

  async function withdraw(request: Request) {
    setRefusal(undefined);
    try {
      await data(api.DELETE('/api/teacher-change-requests/{id}', { params: { path: { id: request.id } } }));
      setNotice(`Заявка №${request.id} отозвана`);
      rows.reload();
    } catch (error) {
      setRefusal({ id: request.id, message: messageOf(error) });
    }
  }

  return (
    <>
      <h1 id="page-title">Заявки на перенос</h1>
      <p class="hint">Новую заявку подают из «Моего расписания»: кнопка «Попросить перенос» у занятия.</p>
      {notice ? <p class="notice notice-info" role="status">{notice}</p> : null}
      <DataTable<Request>
        caption="Мои заявки"
        stacked
        rows={rows}
        rowKey={(request) => request.id}
        empty="Заявок пока нет."
        columns={[
          { title: '№', cell: (request) => request.id, compare: (a, b) => a.id - b.id },
          {
            title: 'Занятие',
            cell: (request) => `${request.subjectName} · ${formatShortDate(request.lessonDate)}, ${formatTime(request.originalStartTime)} · ${request.groupNames.join(', ')}`,
            compare: (a, b) => a.lessonDate.localeCompare(b.lessonDate),
          },
          { title: 'Что', cell: (request) => `${REQUEST_TYPE_NAMES[request.requestType]}: ${askedChange(request)}` },
          { title: 'Причина', cell: (request) => request.reason },
          {
            title: 'Статус',
            cell: (request) => <RequestStatus request={request} />,
            compare: (a, b) => a.status.localeCompare(b.status),
          },
          {
            title: 'Действия',
            cell: (request) =>
              request.status === 'PENDING' ? (
                <>
                  <button type="button" onClick={() => void withdraw(request)} aria-label={`Отозвать заявку №${request.id}`}>
                    Отозвать
                  </button>
                  {refusal?.id === request.id ? <ErrorLine message={refusal.message} /> : null}
                </>
              ) : null,
          },
        ]}
      />
    </>
  );
}

// A change request's status with the reviewer's comment and its history, one for the teacher's own
// list and the office's queue, so both read the same.
import type { Schemas } from '../api/client';
import { universityTimeZone } from '../shared/dates';
import { REQUEST_EVENT_NAMES, REQUEST_STATUS_NAMES } from './labels';

type Request = Schemas['ChangeRequestResponse'];
type RequestEvent = Request['history'][number];

/** «07.09.2026, 08:30:00 — Отклонена (Иванова И. И.): нет свободной аудитории» */
function eventText(event: RequestEvent): string {
  const when = new Date(event.createdAt).toLocaleString('ru-RU', { timeZone: universityTimeZone() });
  return `${when} — ${REQUEST_EVENT_NAMES[event.eventType]}${event.actorName ? ` (${event.actorName})` : ''}${event.comment ? `: ${event.comment}` : ''}`;
}

export function RequestStatus({ request }: { request: Request }) {
  return (
    <>
      <strong>{REQUEST_STATUS_NAMES[request.status]}</strong>
      {request.reviewComment ? <p class="hint">{`Комментарий: ${request.reviewComment}`}</p> : null}
      <details>
        <summary>История</summary>
        <ul>
          {request.history.map((event) => (
            <li key={event.id}>{eventText(event)}</li>
          ))}
        </ul>
      </details>
    </>
  );
}

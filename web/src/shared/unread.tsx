// The account line's «Уведомления» link with the number of unread notifications: asked when the page
// opens, every minute, and at once when a section marks one read (`announceRead`).
import { useEffect, useState } from 'preact/hooks';
import { api, data } from '../api/client';

const READ_EVENT = 'timetable:notifications-read';
const POLL_MS = 60_000;

/** Tells the account line that the unread count changed. */
export function announceRead(): void {
  window.dispatchEvent(new Event(READ_EVENT));
}

export function UnreadLink() {
  const [unread, setUnread] = useState<number>();
  useEffect(() => {
    let alive = true;
    const ask = (): void => {
      data(api.GET('/api/notifications', { params: { query: { page: 0, size: 1 } } })).then(
        (page) => alive && setUnread(page.unreadCount),
        () => undefined, // the count is a hint; the section shows any refusal
      );
    };
    ask();
    const timer = window.setInterval(ask, POLL_MS);
    window.addEventListener(READ_EVENT, ask);
    return () => {
      alive = false;
      window.clearInterval(timer);
      window.removeEventListener(READ_EVENT, ask);
    };
  }, []);
  return (
    <a href="#notifications" class="unread-link" id="unread-link" data-unread={unread ?? 0}>
      Уведомления
      {unread ? (
        <span class="unread-count">
          <span class="visually-hidden">, непрочитанных: </span>
          {unread}
        </span>
      ) : null}
    </a>
  );
}

// «Подписаться на календарь»: creates a calendar feed (POST /api/calendar-feeds) for what the page
// shows and hands out its address once (the server keeps only a hash of the secret), with a copy
// button and a hint for phones; «Мои подписки» lists the user's feeds and revokes them.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { messageOf } from './errors';
import { ErrorLine, Status, useId } from './ui';
import { universityTimeZone } from './dates';

type FeedTarget = Schemas['CalendarFeedRequest'];
type CreatedFeed = Schemas['CreatedCalendarFeedResponse'];
type Feed = Schemas['CalendarFeedResponse'];

const KIND_NAMES: Record<string, string> = { GROUP: 'Группа', TEACHER: 'Преподаватель', CLASSROOM: 'Аудитория', MY_LESSONS: 'Мои занятия' };

const PHONE_HINT = [
  'iPhone и iPad: нажмите «Открыть в приложении календаря» или вставьте адрес в Настройки → Календарь → Учётные записи → Новая учётная запись → Другое → Подписной календарь.',
  'Android (Google Календарь): на компьютере откройте calendar.google.com → «Другие календари» → «+» → «Добавить по URL» и вставьте адрес; календарь появится на телефоне.',
  'Адрес показывается только сейчас: сохраните его. Любой, кто знает адрес, видит это расписание; ненужную подписку отзовите в «Мои подписки».',
];

const createdOn = (moment: string) => new Date(moment).toLocaleDateString('ru-RU', { timeZone: universityTimeZone() });

function FeedLink({ feed }: { feed: CreatedFeed }) {
  const inputId = useId('feed-url');
  const input = useRef<HTMLInputElement>(null);
  const [copyStatus, setCopyStatus] = useState('');
  // Before the browser paints: the address is ready for Ctrl+C the moment it appears.
  useLayoutEffect(() => input.current?.focus(), []);
  /** To the clipboard, or (where the browser refuses it) the address selected, ready for Ctrl+C. */
  const copy = async () => {
    try {
      if (!window.navigator.clipboard) throw new Error('no clipboard');
      await window.navigator.clipboard.writeText(feed.url);
      setCopyStatus('Адрес скопирован');
    } catch {
      input.current?.focus();
      input.current?.select();
      setCopyStatus('Адрес выделен: скопируйте его (Ctrl+C или «Копировать» в меню)');
    }
  };
  return (
    <div class="feed-created" id="feed-created">
      <p>{`Подписка создана: ${KIND_NAMES[feed.kind] ?? ''} «${feed.targetName}».`}</p>
      <label for={inputId}>Адрес календаря</label>
      <div class="feed-url-row">
        <input ref={input} type="text" id={inputId} class="feed-url" readOnly value={feed.url} spellcheck={false} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" id="feed-copy" onClick={() => void copy()}>
          Копировать
        </button>
      </div>
      <p class="status" role="status">
        {copyStatus}
      </p>
      <p>
        <a href={feed.url.replace(/^https?:/, 'webcal:')} id="feed-webcal">
          Открыть в приложении календаря
        </a>
      </p>
      <ul class="hint feed-hint">
        {PHONE_HINT.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

type Result = { kind: 'none' } | { kind: 'busy' } | { kind: 'created'; feed: CreatedFeed } | { kind: 'error'; message: string };

/** The subscribe panel for `target` (null while nothing is chosen: the button is hidden then). */
export function SubscribePanel({ target }: { target: FeedTarget | null }) {
  const [result, setResult] = useState<Result>({ kind: 'none' });
  const [listOpen, setListOpen] = useState(false);
  const [listRound, setListRound] = useState(0);
  const targetKey = target ? `${target.kind}:${target.targetId ?? ''}` : '';
  useEffect(() => setResult({ kind: 'none' }), [targetKey]);

  const subscribe = async () => {
    if (!target) return;
    setResult({ kind: 'busy' });
    try {
      const feed = await data(api.POST('/api/calendar-feeds', { body: target }));
      setResult({ kind: 'created', feed });
      setListRound((round) => round + 1);
    } catch (error) {
      setResult({ kind: 'error', message: messageOf(error) });
    }
  };

  return (
    <section class="subscribe" id="subscribe-panel" aria-label="Подписка на календарь">
      <p class="hint">Расписание в календаре телефона или компьютера: обновляется само.</p>
      <div class="subscribe-actions">
        <button type="button" id="subscribe" class="primary" hidden={!target} disabled={result.kind === 'busy'} onClick={() => void subscribe()}>
          Подписаться на календарь
        </button>
      </div>
      <div class="feed-result" id="feed-result">
        {result.kind === 'busy' ? <Status>Создаём подписку…</Status> : null}
        {result.kind === 'created' ? <FeedLink feed={result.feed} /> : null}
        {result.kind === 'error' ? <ErrorLine message={result.message} /> : null}
      </div>
      <details class="feeds" id="my-feeds" onToggle={(event) => setListOpen(event.currentTarget.open)}>
        <summary>Мои подписки</summary>
        {listOpen ? (
          <FeedList
            key={listRound}
            onRevoked={(feed) => {
              // The address still on screen would no longer work: take it away.
              if (result.kind === 'created' && result.feed.id === feed.id) setResult({ kind: 'none' });
            }}
          />
        ) : null}
      </details>
    </section>
  );
}

function FeedList({ onRevoked }: { onRevoked: (feed: Feed) => void }) {
  const [feeds, setFeeds] = useState<{ kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'done'; feeds: Feed[] }>({ kind: 'loading' });
  const [revoked, setRevoked] = useState<Record<number, string>>({});
  useEffect(() => {
    data(api.GET('/api/calendar-feeds')).then(
      (list) => setFeeds({ kind: 'done', feeds: list }),
      (error: unknown) => setFeeds({ kind: 'error', message: messageOf(error) }),
    );
  }, []);

  const revoke = async (feed: Feed) => {
    try {
      await api.DELETE('/api/calendar-feeds/{id}', { params: { path: { id: feed.id } } });
      setRevoked((old) => ({ ...old, [feed.id]: `Подписка «${feed.targetName}» отозвана: её адрес больше не работает.` }));
      onRevoked(feed);
    } catch (error) {
      setRevoked((old) => ({ ...old, [feed.id]: messageOf(error) }));
    }
  };

  return (
    <div class="feed-list" id="feed-list" aria-live="polite">
      {feeds.kind === 'loading' ? <Status>Загрузка подписок…</Status> : null}
      {feeds.kind === 'error' ? <ErrorLine message={feeds.message} /> : null}
      {feeds.kind === 'done' && feeds.feeds.length === 0 ? <p class="hint">Подписок нет.</p> : null}
      {feeds.kind === 'done' && feeds.feeds.length > 0 ? (
        <ul class="feeds-list">
          {feeds.feeds.map((feed) => {
            const name = `${KIND_NAMES[feed.kind] ?? feed.kind}: ${feed.targetName}`;
            return (
              <li class="feed" data-id={feed.id} key={feed.id}>
                {revoked[feed.id] ? (
                  <p class="status" role="status">
                    {revoked[feed.id]}
                  </p>
                ) : (
                  <>
                    <span>{`${name}, с ${createdOn(feed.createdAt)}`}</span>
                    <button type="button" class="feed-revoke" aria-label={`Отозвать подписку «${name}»`} onClick={() => void revoke(feed)}>
                      Отозвать
                    </button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

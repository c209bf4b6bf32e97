// #notifications (every page, every role): what changed in the timetables the user follows. The list
// of notifications (newest first, unread ones marked, «Прочитано» on each), the subscriptions
// (a group's, a teacher's, a room's or one's own lessons; on the page or by e-mail; at once or as a
// daily digest; how many days ahead), and the e-mail address they go to. A teacher and a student also
// see whether they hear of their own lessons without subscribing (on by default, issue 45 §3).
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { messageOf } from '../shared/errors';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { findClassrooms, findGroups, findTeachers } from '../shared/options';
import { Picker, type Choice } from '../shared/picker';
import { useMe } from '../shared/session';
import { ErrorLine, Status, useLoad } from '../shared/ui';
import { announceRead } from '../shared/unread';
import { formatMoment } from '../shared/dates';

type Subscription = Schemas['SubscriptionResponse'];
type Kind = Schemas['SubscriptionRequest']['kind'];

const KIND_NAMES: Record<Kind, string> = { GROUP: 'Группа', TEACHER: 'Преподаватель', CLASSROOM: 'Аудитория', MY_LESSONS: 'Мои занятия' };
const WHICH: Record<Exclude<Kind, 'MY_LESSONS'>, string> = { GROUP: 'Какая группа', TEACHER: 'Какой преподаватель', CLASSROOM: 'Какая аудитория' };
const SEARCH: Record<Exclude<Kind, 'MY_LESSONS'>, (query: string) => Promise<Choice[]>> = {
  GROUP: (query) => findGroups(query),
  TEACHER: (query) => findTeachers(query),
  CLASSROOM: findClassrooms,
};
const PAGE_SIZE = 20;

export default function Notifications() {
  const [round, setRound] = useState(0);
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Уведомления об изменениях</h1>
      <Inbox />
      <OwnLessons />
      <Subscriptions key={round} onChanged={() => setRound(round + 1)} />
      <EmailAddress />
    </section>
  );
}

function Inbox() {
  const [page, setPage] = useState(0);
  const [round, setRound] = useState(0);
  const [failure, setFailure] = useState<string>();
  const inbox = useLoad(() => data(api.GET('/api/notifications', { params: { query: { page, size: PAGE_SIZE } } })), [page, round]);

  async function markRead(id: number) {
    setFailure(undefined);
    try {
      await data(api.POST('/api/notifications/{id}/read', { params: { path: { id } } }));
      setRound(round + 1);
      announceRead();
    } catch (error) {
      setFailure(messageOf(error));
    }
  }

  return (
    <section class="panel" aria-labelledby="inbox-title">
      <h2 id="inbox-title">{inbox.state === 'done' ? `Уведомления (непрочитанных: ${inbox.data.unreadCount})` : 'Уведомления'}</h2>
      {failure ? <ErrorLine message={failure} /> : null}
      {inbox.state === 'loading' ? <Status>Загрузка…</Status> : null}
      {inbox.state === 'error' ? <ErrorLine message={inbox.message} /> : null}
      {inbox.state === 'done' && inbox.data.items.length === 0 ? (
        <p class="empty">Уведомлений пока нет. Подпишитесь ниже на расписание группы, преподавателя или аудитории.</p>
      ) : null}
      {inbox.state === 'done' && inbox.data.items.length ? (
        <ol class="inbox" id="inbox">
          {inbox.data.items.map((item) => (
            <li key={item.id} class={`inbox-item${item.readAt ? '' : ' unread'}`} data-notification={item.id}>
              <p class="inbox-title">
                {item.readAt ? null : <span class="badge badge-moved">новое</span>}
                <strong>{item.title}</strong>
              </p>
              <p class="hint">{formatMoment(item.createdAt)}</p>
              {item.body.split('\n').map((line, index) => (
                <p key={index}>{line}</p>
              ))}
              {item.readAt ? null : (
                <button type="button" class="link-button" aria-label={`Прочитано: ${item.title}`} onClick={() => void markRead(item.id)}>
                  Прочитано
                </button>
              )}
            </li>
          ))}
        </ol>
      ) : null}
      {inbox.state === 'done' && inbox.data.totalPages > 1 ? (
        <nav class="pager" aria-label="Страницы уведомлений">
          <button type="button" disabled={inbox.data.first} onClick={() => setPage(page - 1)}>
            ← Новее
          </button>
          <span>{`Страница ${inbox.data.page + 1} из ${inbox.data.totalPages}`}</span>
          <button type="button" disabled={inbox.data.last} onClick={() => setPage(page + 1)}>
            Старее →
          </button>
        </nav>
      ) : null}
    </section>
  );
}

/** Whom the own-lessons default tells, by role (the service tells teachers and students). */
const OWN_LESSONS: Partial<Record<string, string>> = {
  TEACHER: 'Об изменениях ваших занятий и замен, которые вам поручены, вы узнаёте без подписки.',
  STUDENT: 'Об изменениях занятий вашей группы вы узнаёте без подписки.',
};

/** Told to a student whose account names no group (issue 55): nothing about «their» lessons can come. */
const NO_GROUP =
  'Ваша учётная запись не привязана к группе, поэтому уведомления об изменениях занятий группы не придут. ' +
  'Попросите администратора университета (или учебный отдел) указать вашу группу в карточке пользователя.';

function OwnLessons() {
  const me = useMe();
  const current = useLoad(() => data(api.GET('/api/notifications/settings')), []);
  const group = useLoad(() => (me.role === 'STUDENT' ? data(api.GET('/api/auth/me/group')) : Promise.resolve(null)), [me.role]);
  const about = OWN_LESSONS[me.role];
  if (!about) return null;
  if (current.state === 'loading' || group.state === 'loading') return <Status>Загрузка…</Status>;
  if (current.state === 'error') return <ErrorLine message={current.message} />;
  if (group.state === 'done' && group.data && group.data.groupId === null) {
    return (
      <section class="panel" aria-labelledby="own-lessons-title">
        <h2 id="own-lessons-title">Мои занятия</h2>
        <p class="notice notice-warning" id="no-group">
          {NO_GROUP} Пока можно подписаться на свою группу ниже.
        </p>
      </section>
    );
  }
  return <OwnLessonsForm about={about} settings={current.data} />;
}

function OwnLessonsForm({ about, settings }: { about: string; settings: Schemas['NotificationSettingsResponse'] }) {
  const form = useApiForm({
    initial: { ownLessonsInApp: settings.ownLessonsInApp, ownLessonsEmail: settings.ownLessonsEmail },
    send: async (values) => {
      const saved = await data(api.PUT('/api/notifications/settings', { body: values }));
      const channels = [saved.ownLessonsInApp ? 'на этой странице' : '', saved.ownLessonsEmail ? 'по почте' : ''].filter(Boolean);
      return channels.length ? `Сохранено: об изменениях своих занятий — ${channels.join(' и ')}.` : 'Сохранено: об изменениях своих занятий уведомлений не будет.';
    },
  });
  const box = (name: 'ownLessonsInApp' | 'ownLessonsEmail', label: string) => (
    <div class={`field${form.errorAt(name) ? ' field-invalid' : ''}`}>
      <label class="check">
        <input type="checkbox" name={name} checked={form.values[name]} onChange={(event) => form.set(name, event.currentTarget.checked)} /> {label}
      </label>
      {form.errorAt(name) ? <ErrorLine message={form.errorAt(name) as string} /> : null}
    </div>
  );
  return (
    <section class="panel" aria-labelledby="own-lessons-title">
      <h2 id="own-lessons-title">Мои занятия</h2>
      <p class="hint">{about} Подписки ниже — для других групп, преподавателей и аудиторий.</p>
      <ApiFormFrame form={form} label="Уведомления о моих занятиях" submitText="Сохранить">
        {box('ownLessonsInApp', 'Показывать на этой странице')}
        {box('ownLessonsEmail', settings.hasEmail ? 'Присылать письмом' : 'Присылать письмом (укажите адрес ниже)')}
      </ApiFormFrame>
    </section>
  );
}

function describe(subscription: Subscription): string {
  const what = subscription.kind === 'MY_LESSONS' ? 'Мои занятия' : `${KIND_NAMES[subscription.kind as Kind]}: ${subscription.targetName}`;
  const how = subscription.channel === 'EMAIL' ? 'по почте' : 'на странице';
  const when = subscription.mode === 'DAILY_DIGEST' ? `сводкой в ${subscription.digestTime ?? ''}` : 'сразу';
  return `${what} — ${how}, ${when}; изменения на ${subscription.horizonDays} дн. вперёд`;
}

function Subscriptions({ onChanged }: { onChanged: () => void }) {
  const me = useMe();
  const list = useLoad(() => data(api.GET('/api/notifications/subscriptions')), []);
  const [failure, setFailure] = useState<string>();
  const kinds = (Object.keys(KIND_NAMES) as Kind[]).filter((kind) => kind !== 'MY_LESSONS' || me.role === 'TEACHER');
  const form = useApiForm({
    initial: { kind: kinds[0], target: undefined as Choice | undefined, channel: 'IN_APP', mode: 'IMMEDIATE', digestTime: '07:30', horizonDays: '14' },
    fields: { targetId: 'target' },
    send: async (values) => {
      const created = await data(
        api.POST('/api/notifications/subscriptions', {
          body: {
            kind: values.kind,
            targetId: values.kind === 'MY_LESSONS' ? undefined : values.target?.id,
            channel: values.channel as 'IN_APP' | 'EMAIL',
            mode: values.mode as 'IMMEDIATE' | 'DAILY_DIGEST',
            digestTime: values.mode === 'DAILY_DIGEST' ? values.digestTime : undefined,
            horizonDays: Number(values.horizonDays),
          },
        }),
      );
      onChanged();
      return `Подписка создана: ${describe(created)}.`;
    },
  });

  async function remove(subscription: Subscription) {
    setFailure(undefined);
    try {
      await data(api.DELETE('/api/notifications/subscriptions/{id}', { params: { path: { id: subscription.id } } }));
      onChanged();
    } catch (error) {
      setFailure(messageOf(error));
    }
  }

  const { values } = form;
  return (
    <section class="panel" aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title">Подписки на изменения</h2>
      {failure ? <ErrorLine message={failure} /> : null}
      {list.state === 'error' ? <ErrorLine message={list.message} /> : null}
      {list.state === 'done' && list.data.length === 0 ? <p class="hint">Подписок нет.</p> : null}
      {list.state === 'done' && list.data.length ? (
        <ul class="subscriptions" id="subscriptions">
          {list.data.map((subscription) => (
            <li key={subscription.id}>
              <span>{describe(subscription)}</span>{' '}
              <button type="button" class="link-button" aria-label={`Удалить подписку: ${describe(subscription)}`} onClick={() => void remove(subscription)}>
                Удалить
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <ApiFormFrame form={form} label="Новая подписка" submitText="Подписаться на изменения">
        <fieldset class="kinds">
          <legend>Чьё расписание</legend>
          {kinds.map((kind) => (
            <label class="kind" key={kind}>
              <input type="radio" name="subscription-kind" value={kind} checked={values.kind === kind} onChange={() => (form.set('kind', kind), form.set('target', undefined))} />{' '}
              {KIND_NAMES[kind]}
            </label>
          ))}
        </fieldset>
        {values.kind === 'MY_LESSONS' ? null : (
          <div class={`field${form.errorAt('target') ? ' field-invalid' : ''}`}>
            <Picker key={values.kind} label={WHICH[values.kind]} placeholder="Начните вводить название" search={SEARCH[values.kind]} listOnOpen={me.role === 'DEPARTMENT' && values.kind !== 'CLASSROOM'} chosen={values.target} onPick={(item) => form.set('target', item)} />
            {form.errorAt('target') ? <ErrorLine message={form.errorAt('target') as string} /> : null}
          </div>
        )}
        <Field
          label="Куда"
          control={(props) => (
            <select {...props} value={values.channel} onChange={(event) => form.set('channel', event.currentTarget.value)}>
              <option value="IN_APP">На этой странице</option>
              <option value="EMAIL">По электронной почте</option>
            </select>
          )}
        />
        <Field
          label="Когда"
          control={(props) => (
            <select {...props} value={values.mode} onChange={(event) => form.set('mode', event.currentTarget.value)}>
              <option value="IMMEDIATE">Сразу после изменения</option>
              <option value="DAILY_DIGEST">Одной сводкой в день</option>
            </select>
          )}
        />
        {values.mode === 'DAILY_DIGEST' ? (
          <Field
            label="Время сводки (по времени университета)"
            error={form.errorAt('digestTime')}
            control={(props) => <input {...props} type="time" value={values.digestTime} onInput={(event) => form.set('digestTime', event.currentTarget.value)} />}
          />
        ) : null}
        <Field
          label="На сколько дней вперёд следить (1–120)"
          error={form.errorAt('horizonDays')}
          control={(props) => <input {...props} type="number" min={1} max={120} value={values.horizonDays} onInput={(event) => form.set('horizonDays', event.currentTarget.value)} />}
        />
      </ApiFormFrame>
    </section>
  );
}

function EmailAddress() {
  const current = useLoad(() => data(api.GET('/api/auth/me/email')), []);
  if (current.state === 'loading') return <Status>Загрузка…</Status>;
  if (current.state === 'error') return <ErrorLine message={current.message} />;
  return <EmailForm email={current.data.email ?? ''} />;
}

function EmailForm({ email }: { email: string }) {
  const form = useApiForm({
    initial: { email },
    send: async (values) => {
      const saved = await data(api.PUT('/api/auth/me/email', { body: { email: values.email.trim() || null } }));
      return saved.email ? `Письма будут приходить на ${saved.email}.` : 'Адрес удалён: письма приходить не будут.';
    },
  });
  return (
    <section class="panel" aria-labelledby="email-title">
      <h2 id="email-title">Электронная почта</h2>
      <p class="hint">Нужна для подписок «по электронной почте». Пустое поле удаляет адрес.</p>
      <ApiFormFrame form={form} label="Электронная почта" submitText="Сохранить адрес">
        <Field
          label="Адрес"
          error={form.errorAt('email')}
          control={(props) => <input {...props} type="email" autoComplete="email" value={form.values.email} onInput={(event) => form.set('email', event.currentTarget.value)} />}
        />
      </ApiFormFrame>
    </section>
  );
}

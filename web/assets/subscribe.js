// "Подписаться на календарь": creates a calendar feed (POST /api/calendar-feeds) for what the page
// shows and hands out its address once (the server keeps only a hash of the secret), with a copy
// button and a hint for phones; "Мои подписки" lists the user's feeds and revokes them.
import { create, get, remove } from './api.js';
import { clear, h, uid } from './dom.js';
import { failed } from './shell.js';

const KIND_NAMES = { GROUP: 'Группа', TEACHER: 'Преподаватель', CLASSROOM: 'Аудитория', MY_LESSONS: 'Мои занятия' };

const PHONE_HINT = [
  'iPhone и iPad: нажмите «Открыть в приложении календаря» или вставьте адрес в Настройки → Календарь → Учётные записи → Новая учётная запись → Другое → Подписной календарь.',
  'Android (Google Календарь): на компьютере откройте calendar.google.com → «Другие календари» → «+» → «Добавить по URL» и вставьте адрес; календарь появится на телефоне.',
  'Адрес показывается только сейчас: сохраните его. Любой, кто знает адрес, видит это расписание; ненужную подписку отзовите в «Мои подписки».',
];

function createdOn(moment) {
  return new Date(moment).toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' });
}

/** The address, selected in its field, ready for Ctrl+C when the clipboard API is unavailable or refused. */
async function copy(input, status) {
  try {
    if (!window.navigator.clipboard) throw new Error('no clipboard');
    await window.navigator.clipboard.writeText(input.value);
    status.textContent = 'Адрес скопирован';
  } catch {
    input.focus();
    input.select();
    status.textContent = 'Адрес выделен: скопируйте его (Ctrl+C или «Копировать» в меню)';
  }
}

function feedLink(feed) {
  const inputId = uid('feed-url');
  const input = h('input', { type: 'text', id: inputId, class: 'feed-url', readonly: true, value: feed.url, spellcheck: 'false' });
  const copyStatus = h('p', { class: 'status', role: 'status' });
  const webcal = feed.url.replace(/^https?:/, 'webcal:');
  const box = h(
    'div',
    { class: 'feed-created', id: 'feed-created' },
    h('p', {}, `Подписка создана: ${KIND_NAMES[feed.kind] ?? ''} «${feed.targetName}».`),
    h('label', { for: inputId }, 'Адрес календаря'),
    h(
      'div',
      { class: 'feed-url-row' },
      input,
      h('button', { type: 'button', id: 'feed-copy', onclick: () => void copy(input, copyStatus) }, 'Копировать'),
    ),
    copyStatus,
    h('p', {}, h('a', { href: webcal, id: 'feed-webcal' }, 'Открыть в приложении календаря')),
    h('ul', { class: 'hint feed-hint' }, PHONE_HINT.map((line) => h('li', {}, line))),
  );
  input.addEventListener('focus', () => input.select());
  return { box, input };
}

/**
 * The subscribe panel. `target()` names what the page shows ({ kind, targetId } or null while nothing
 * is chosen); call `update()` after it changes.
 */
export function subscribePanel({ target }) {
  const result = h('div', { class: 'feed-result', id: 'feed-result' });
  const button = h('button', { type: 'button', id: 'subscribe', class: 'primary' }, 'Подписаться на календарь');
  const list = h('div', { class: 'feed-list', id: 'feed-list', 'aria-live': 'polite' });
  let shownId = null;
  const mine = h('details', { class: 'feeds', id: 'my-feeds' }, h('summary', {}, 'Мои подписки'), list);
  const panel = h(
    'section',
    { class: 'subscribe', id: 'subscribe-panel', 'aria-label': 'Подписка на календарь' },
    h('p', { class: 'hint' }, 'Расписание в календаре телефона или компьютера: обновляется само.'),
    h('div', { class: 'subscribe-actions' }, button),
    result,
    mine,
  );

  async function subscribe() {
    const chosen = target();
    if (!chosen) return;
    button.disabled = true;
    clear(result, h('p', { class: 'status', role: 'status' }, 'Создаём подписку…'));
    try {
      const feed = await create('/api/calendar-feeds', chosen);
      const { box, input } = feedLink(feed);
      shownId = feed.id;
      clear(result, box);
      input.focus();
      if (mine.open) void showFeeds();
    } catch (error) {
      failed(error, result);
    } finally {
      button.disabled = false;
    }
  }

  async function revoke(feed, item) {
    try {
      await remove(`/api/calendar-feeds/${feed.id}`);
      // The address still on screen would no longer work: take it away.
      if (feed.id === shownId) clear(result);
      clear(item, h('p', { class: 'status', role: 'status' }, `Подписка «${feed.targetName}» отозвана: её адрес больше не работает.`));
      mine.querySelector('summary')?.focus();
    } catch (error) {
      failed(error, item);
    }
  }

  async function showFeeds() {
    clear(list, h('p', { class: 'status', role: 'status' }, 'Загрузка подписок…'));
    try {
      const feeds = await get('/api/calendar-feeds');
      if (feeds.length === 0) {
        clear(list, h('p', { class: 'hint' }, 'Подписок нет.'));
        return;
      }
      clear(
        list,
        h(
          'ul',
          { class: 'feeds-list' },
          feeds.map((feed) => {
            const item = h('li', { class: 'feed', 'data-id': feed.id });
            const name = `${KIND_NAMES[feed.kind] ?? feed.kind}: ${feed.targetName}`;
            return clear(
              item,
              h('span', {}, `${name}, с ${createdOn(feed.createdAt)}`),
              h('button', { type: 'button', class: 'feed-revoke', 'aria-label': `Отозвать подписку «${name}»`, onclick: () => void revoke(feed, item) }, 'Отозвать'),
            );
          }),
        ),
      );
    } catch (error) {
      failed(error, list);
    }
  }

  button.addEventListener('click', () => void subscribe());
  mine.addEventListener('toggle', () => {
    if (mine.open) void showFeeds();
  });

  const update = () => {
    button.hidden = !target();
    shownId = null;
    clear(result);
  };
  update();
  return { panel, update };
}

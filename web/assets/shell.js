// The frame every page shares: restoring the session after a reload, the login form, the account
// line with "Выйти", and sending a user whose role lives elsewhere to the role's own page.
import { ApiError, get, login, logout, refresh, SessionEnded, wasSignedIn } from './api.js';
import { clear, errorLine, h, statusLine } from './dom.js';

const ROLE_NAMES = {
  ADMIN: 'администратор',
  EDUCATION_OFFICE: 'учебный отдел',
  DEPARTMENT: 'кафедра',
  SCHEDULE_VIEWER: 'просмотр расписания',
  TEACHER: 'преподаватель',
  STUDENT: 'студент',
};

const main = () => document.getElementById('main');
const account = () => document.getElementById('account');

let page;

/**
 * Starts a page: `roles` may use it, `start({ me, main })` draws it once the user is known.
 * Errors a page cannot handle itself go through `failed`.
 */
export function startPage(definition) {
  page = definition;
  void boot();
}

async function boot() {
  if (!wasSignedIn()) {
    showLogin('Войдите, чтобы увидеть расписание', 'info');
    return;
  }
  clear(main(), statusLine('Загрузка…'));
  try {
    enter(await refresh());
  } catch (error) {
    showLogin(error.message, error instanceof SessionEnded ? 'warning' : 'error');
  }
}

function samePage(redirect) {
  const target = new URL(redirect, location.href);
  return target.pathname === location.pathname;
}

function enter(session) {
  if (!page.roles.includes(session.role)) {
    // Each role has one home (spec 4.2, `redirect`); a bookmark of another role's page leads there.
    location.replace(session.redirect);
    return;
  }
  void show();
}

async function show() {
  clear(main(), statusLine('Загрузка…'));
  try {
    const me = await get('/api/auth/me');
    drawAccount(me);
    await page.start({ me, main: main() });
  } catch (error) {
    failed(error);
  }
}

/** The one place an unhandled error lands: an ended session returns to the login form. */
export function failed(error, place) {
  if (error instanceof SessionEnded) {
    showLogin(error.message, 'warning');
    return;
  }
  const message = error instanceof ApiError ? error.message : 'Что-то пошло не так. Обновите страницу';
  if (!(error instanceof ApiError)) console.warn(error);
  clear(place ?? main(), errorLine(message));
}

function drawAccount(me) {
  clear(
    account(),
    h('span', { class: 'who' }, `${me.username} · ${ROLE_NAMES[me.role] ?? me.role}`),
    h('button', { type: 'button', class: 'link-button', id: 'logout', onclick: () => void signOut() }, 'Выйти'),
  );
}

async function signOut() {
  try {
    await logout();
    showLogin('Вы вышли из системы', 'info');
  } catch (error) {
    showLogin(error.message, 'error');
  }
}

/** The login form with a message: `info` (a greeting), `warning` (the session ended) or `error`. */
export function showLogin(message, tone) {
  clear(account());
  const notice = h('p', { class: `notice notice-${tone}`, id: 'login-message', role: tone === 'info' ? 'status' : 'alert' }, message);
  const username = h('input', { id: 'username', name: 'username', autocomplete: 'username', required: true, autocapitalize: 'none', spellcheck: 'false' });
  const password = h('input', { id: 'password', name: 'password', type: 'password', autocomplete: 'current-password', required: true });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Войти');
  const form = h(
    'form',
    { class: 'login', id: 'login-form', novalidate: true, 'aria-labelledby': 'login-title' },
    h('h1', { id: 'login-title' }, 'Вход в расписание'),
    notice,
    h('label', { for: 'username' }, 'Имя пользователя'),
    username,
    h('label', { for: 'password' }, 'Пароль'),
    password,
    submit,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void signIn(username.value.trim(), password.value, notice, submit);
  });
  clear(main(), form);
  username.focus();
}

async function signIn(username, password, notice, submit) {
  if (!username || !password) {
    notice.className = 'notice notice-error';
    notice.textContent = 'Введите имя пользователя и пароль';
    return;
  }
  submit.disabled = true;
  submit.textContent = 'Вход…';
  try {
    const session = await login(username, password);
    if (!samePage(session.redirect)) {
      location.assign(session.redirect);
      return;
    }
    const target = new URL(session.redirect, location.href);
    if (target.hash && !location.hash) history.replaceState(null, '', `${location.pathname}${location.search}${target.hash}`);
    enter(session);
  } catch (error) {
    notice.className = 'notice notice-error';
    notice.setAttribute('role', 'alert');
    notice.textContent = error.message;
    submit.disabled = false;
    submit.textContent = 'Войти';
  }
}

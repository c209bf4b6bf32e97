// The frame of every page: restoring the session after a reload, the login form, the account line
// with «Выйти», the menu of the sections the role may use, and the chosen section. A user whose
// role has no section on this page is sent to the role's own page (spec 4.2, `redirect`).
import { render, type FunctionComponent } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import {
  api,
  data,
  dropSignInHint,
  login,
  logout,
  refresh,
  SessionEnded,
  singleSignOn,
  wasSignedIn,
  whenRenewalEnds,
  type LoginResponse,
  type Me,
  type Role,
  type SingleSignOn,
} from '../api/client';
import { setUniversityTimeZone } from './dates';
import { menuOf, MENU_GROUPS, sectionsFor, type Area, type SectionDefinition } from './section-registry';
import { MeContext, ROLE_NAMES } from './session';
import { messageOf, whenSessionEnds } from './errors';
import { replaceSection, useHashSection } from './router';
import { ErrorLine, Status } from './ui';
import { UnreadLink } from './unread';
import { useWaiting } from './waiting';

type Tone = 'info' | 'warning' | 'error';
type State = { kind: 'loading' } | { kind: 'login'; message: string; tone: Tone; signedOut?: boolean } | { kind: 'in'; me: Me } | { kind: 'failed'; message: string };

/** Starts the page of `area` with the sections of `registry` (the page passes `SECTIONS`). */
export function startPage(area: Area, registry: readonly SectionDefinition[]): void {
  const root = document.getElementById('app');
  if (root) render(<Shell area={area} registry={registry} />, root);
}

function Shell({ area, registry }: { area: Area; registry: readonly SectionDefinition[] }) {
  const [state, setState] = useState<State>(() =>
    wasSignedIn() ? { kind: 'loading' } : { kind: 'login', message: 'Войдите, чтобы увидеть расписание', tone: 'info' },
  );

  const enter = async (session: LoginResponse) => {
    const role = session.role as Role;
    if (sectionsFor(registry, area, role).length === 0) {
      // A bookmark of another role's page leads to the role's own one.
      location.replace(session.redirect ?? '/');
      return;
    }
    setState({ kind: 'loading' });
    try {
      const me = await data(api.GET('/api/auth/me'));
      // Every section counts "today" and the current week on the university's clock.
      setUniversityTimeZone(me.timeZone);
      setState({ kind: 'in', me });
    } catch (error) {
      if (!(error instanceof SessionEnded)) setState({ kind: 'failed', message: messageOf(error) });
    }
  };

  useEffect(() => {
    whenSessionEnds((message) => setState({ kind: 'login', message, tone: 'warning' }));
    // An idle tab learns of an ended session from its renewal or from another tab, not from a click.
    whenRenewalEnds((error) => void messageOf(error));
    if (state.kind !== 'loading') return;
    const restored = refresh();
    void restored.finally(dropSignInHint).catch(() => undefined);
    restored.then(enter, (error: unknown) =>
      setState({ kind: 'login', message: messageOf(error), tone: error instanceof SessionEnded ? 'warning' : 'error' }),
    );
  }, []);

  const signOut = async () => {
    try {
      await logout();
      setState({ kind: 'login', message: 'Вы вышли из системы', tone: 'info', signedOut: true });
    } catch (error) {
      setState({ kind: 'login', message: messageOf(error), tone: 'error' });
    }
  };

  return (
    <>
      <a class="skip-link" href="#main" onClick={(event) => (event.preventDefault(), document.getElementById('main')?.focus())}>
        К содержимому
      </a>
      <header class="top">
        <p class="brand">Расписание занятий</p>
        <div class="account" id="account">
          {state.kind === 'in' ? (
            <>
              <UnreadLink />
              <span class="who">{`${state.me.username} · ${ROLE_NAMES[state.me.role] ?? state.me.role}`}</span>
              <button type="button" class="link-button" id="logout" onClick={() => void signOut()}>
                Выйти
              </button>
            </>
          ) : null}
        </div>
      </header>
      {state.kind === 'in' ? (
        <MeContext.Provider value={state.me}>
          <Sections registry={registry} area={area} role={state.me.role} operator={state.me.operator} />
        </MeContext.Provider>
      ) : (
        <main id="main" tabIndex={-1}>
          {state.kind === 'loading' ? <Status>Загрузка…</Status> : null}
          {state.kind === 'failed' ? <ErrorLine message={state.message} /> : null}
          {state.kind === 'login' ? <LoginForm message={state.message} tone={state.tone} signedOut={state.signedOut} onSignedIn={enter} /> : null}
        </main>
      )}
    </>
  );
}

function LoginForm({
  message,
  tone,
  signedOut,
  onSignedIn,
}: {
  message: string;
  tone: Tone;
  signedOut?: boolean;
  onSignedIn: (session: LoginResponse) => Promise<void>;
}) {
  const [notice, setNotice] = useState({ message, tone });
  const [sso, setSso] = useState<SingleSignOn | null>(null);
  useEffect(() => void singleSignOn().then(setSso), []);
  const [busy, setBusy] = useState(false);
  const username = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  useEffect(() => username.current?.focus(), []);

  const submit = async (event: Event) => {
    event.preventDefault();
    const name = username.current?.value.trim() ?? '';
    const secret = password.current?.value ?? '';
    if (!name || !secret) {
      setNotice({ message: 'Введите имя пользователя и пароль', tone: 'error' });
      return;
    }
    setBusy(true);
    try {
      const session = await login(name, secret);
      const target = new URL(session.redirect ?? '/', location.href);
      if (target.pathname !== location.pathname) {
        location.assign(target.href);
        return;
      }
      if (target.hash && !location.hash) replaceSection(target.hash.slice(1));
      await onSignedIn(session);
    } catch (error) {
      setNotice({ message: messageOf(error), tone: 'error' });
      setBusy(false);
    }
  };

  return (
    <form class="login" id="login-form" noValidate aria-labelledby="login-title" onSubmit={(event) => void submit(event)}>
      <h1 id="login-title">Вход в расписание</h1>
      <p class={`notice notice-${notice.tone}`} id="login-message" role={notice.tone === 'info' ? 'status' : 'alert'}>
        {notice.message}
      </p>
      <label for="username">Имя пользователя</label>
      <input ref={username} id="username" name="username" autoComplete="username" required autoCapitalize="none" spellcheck={false} />
      <label for="password">Пароль</label>
      <input ref={password} id="password" name="password" type="password" autoComplete="current-password" required />
      <button type="submit" class="primary" disabled={busy}>
        {busy ? 'Вход…' : 'Войти'}
      </button>
      {sso?.enabled && sso.buttonText ? (
        <div class="sso">
          <p class="sso-or">или</p>
          {/* A navigation, not a call: the university's provider takes over the whole page. */}
          <a class="button-link sso-button" id="sso-login" href="/api/auth/sso/login">
            {sso.buttonText}
          </a>
          {signedOut && sso.providerLogoutUrl ? (
            <p class="hint">
              <a href={sso.providerLogoutUrl}>Выйти также из единого входа университета</a>
            </p>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

/** The menu (when the role has more than one section here) and the section the address names. */
function Sections({ registry, area, role, operator }: { registry: readonly SectionDefinition[]; area: Area; role: Role; operator: boolean }) {
  const allowed = sectionsFor(registry, area, role, operator);
  const asked = useHashSection();
  const section = allowed.find((item) => item.id === asked) ?? allowed[0];
  const waiting = useWaiting(area, role, section.id);
  const shownId = useRef<string>();
  // Before the section's own effects, so a section may set a more precise title itself.
  useLayoutEffect(() => {
    if (section.id !== asked) replaceSection(section.id);
    if (shownId.current === section.id) return;
    document.title = `${section.title} — расписание`;
    // A section opened from the menu: a screen reader continues at its content, not at the menu.
    if (shownId.current !== undefined) document.getElementById('main')?.focus();
    shownId.current = section.id;
  }, [section.id, asked]);
  return (
    <>
      {allowed.length > 1 ? <SectionMenu sections={allowed} current={section} waiting={waiting} /> : null}
      <main id="main" tabIndex={-1}>
        <LazySection key={section.id} section={section} />
      </main>
    </>
  );
}

/**
 * The menu: a row of headings, each opening the list of its sections, on a wide screen; on a phone
 * one «Меню» button above the section (the section is the first screen), opening every heading's
 * list at once. Escape or a click elsewhere closes what is open and gives focus back to its button.
 */
function SectionMenu({ sections, current, waiting }: { sections: SectionDefinition[]; current: SectionDefinition; waiting: Record<string, number> }) {
  const [open, setOpen] = useState<string | null>(null);
  const nav = useRef<HTMLElement>(null);
  const entries = menuOf(sections);
  const close = (giveFocusBack: boolean) => {
    if (giveFocusBack && open) nav.current?.querySelector<HTMLButtonElement>(`button[data-opens="${open}"]`)?.focus();
    setOpen(null);
  };
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);
  // Choosing a section (or going back in history) closes the menu.
  useEffect(() => setOpen(null), [current.id]);
  const sum = (list: SectionDefinition[]) => list.reduce((total, item) => total + (waiting[item.id] ?? 0), 0);
  const link = (item: SectionDefinition) => (
    <a href={`#${item.id}`} aria-current={item.id === current.id ? 'page' : undefined} onClick={() => setOpen(null)}>
      {item.title}
      <Waiting id={item.id} count={waiting[item.id]} />
    </a>
  );
  const everything = open === 'menu';
  return (
    <nav
      class={`sections${everything ? ' menu-open' : ''}`}
      aria-label="Разделы"
      ref={nav}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          close(true);
        }
      }}
    >
      <button type="button" class="menu-button" data-opens="menu" aria-expanded={everything} aria-controls="section-menu" onClick={() => setOpen(everything ? null : 'menu')}>
        <span aria-hidden="true">☰ </span>
        {`Меню · ${current.title}`}
        <Waiting id="menu" count={sum(sections) || undefined} />
      </button>
      <ul id="section-menu">
        {entries.map((entry) =>
          entry.kind === 'section' ? (
            <li key={entry.section.id}>{link(entry.section)}</li>
          ) : (
            <li key={entry.title} class={`menu-group${open === entry.title ? ' group-open' : ''}`}>
              <button
                type="button"
                class="group-button"
                data-opens={entry.title}
                aria-expanded={open === entry.title}
                aria-controls={`menu-${MENU_GROUPS.indexOf(entry.title)}`}
                aria-current={entry.sections.includes(current) ? 'true' : undefined}
                onClick={() => setOpen(open === entry.title ? null : entry.title)}
              >
                {entry.title}
                <Waiting id={entry.title} count={sum(entry.sections) || undefined} />
                <span aria-hidden="true" class="group-arrow">
                  ▾
                </span>
              </button>
              {/* On a phone the heading is only a heading: every list shows under it. */}
              <span class="group-heading" aria-hidden="true">
                {entry.title}
              </span>
              <ul id={`menu-${MENU_GROUPS.indexOf(entry.title)}`} class="group-list" aria-label={entry.title}>
                {entry.sections.map((item) => (
                  <li key={item.id}>{link(item)}</li>
                ))}
              </ul>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/** The count of what waits for a decision, beside a menu line. */
function Waiting({ id, count }: { id: string; count?: number }) {
  if (!count) return null;
  return (
    <span class="waiting-count" data-section={id}>
      <span class="visually-hidden">, ждут решения: </span>
      {count}
    </span>
  );
}

function LazySection({ section }: { section: SectionDefinition }) {
  const [loaded, setLoaded] = useState<{ Component?: FunctionComponent; message?: string }>({});
  useEffect(() => {
    section.load().then(
      (module) => setLoaded({ Component: module.default }),
      () => setLoaded({ message: 'Не удалось загрузить раздел. Обновите страницу' }),
    );
  }, [section]);
  if (loaded.message) return <ErrorLine message={loaded.message} />;
  if (!loaded.Component) return <Status>Загрузка…</Status>;
  return <loaded.Component />;
}

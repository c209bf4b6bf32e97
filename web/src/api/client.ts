// The typed API client: `api.GET('/api/schedule', { params: { query: {...} } })` is checked against
// the service's own OpenAPI document (types generated during the build into ./generated), so a
// renamed or removed field fails `npm run build`. Same-origin calls only; the access token lives in
// this module's memory (never in storage) and is renewed through the HttpOnly refresh cookie (spec 5).
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './generated/schema';
import { fresh, held, TabSessions, type Held } from './tab-sessions';

export type Schemas = components['schemas'];
export type LoginResponse = Schemas['LoginResponse'];
export type Me = Schemas['MeResponse'];
export type Role = NonNullable<LoginResponse['role']>;

/** An answer of the API other than 2xx, with the Russian `message` of its error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's JSON body, for refusals that carry more than a message (a rule's 409 names the conflicting rule). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** The session is over (refresh refused): the shell shows the login form with this message. */
export class SessionEnded extends Error {}

const FALLBACK: Record<number, string> = {
  0: 'Нет связи с сервером. Проверьте подключение и повторите попытку',
  401: 'Сессия истекла, войдите снова',
  403: 'Недостаточно прав для этого действия',
  404: 'Не найдено',
  429: 'Слишком много попыток, повторите позже',
  503: 'Сервис временно недоступен, повторите попытку позже',
};

let session: Held<LoginResponse> | null = null;
let accessToken: string | null = null;
let refreshing: Promise<Held<LoginResponse>> | null = null;
let renewalTimer: ReturnType<typeof setTimeout> | undefined;
let onEnded: (error: SessionEnded) => void = () => undefined;

/** What the shell does when the session ends without a call of its own (renewal refused, signed out in another tab). */
export function whenRenewalEnds(handler: (error: SessionEnded) => void): void {
  onEnded = handler;
}

const tabs = new TabSessions<LoginResponse>(
  () => session,
  (shared) => hold(shared),
  (message) => {
    drop();
    onEnded(new SessionEnded(message));
  },
);

/** Keeps `next` as this tab's session and renews it before it expires, even when the tab sits idle. */
function hold(next: Held<LoginResponse>): void {
  session = next;
  accessToken = next.session.token;
  clearTimeout(renewalTimer);
  if (!Number.isFinite(next.expiresAt)) return;
  // Never sooner than in a second: a clock jump cannot turn renewals into a loop.
  renewalTimer = setTimeout(renewInBackground, Math.max(1_000, next.expiresAt - next.lead - Date.now()));
}

function drop(): void {
  session = null;
  accessToken = null;
  clearTimeout(renewalTimer);
}

function renewInBackground(): void {
  refresh().catch((error: unknown) => {
    if (error instanceof SessionEnded) onEnded(error);
    // No connection: try again in half a minute while the token lasts (a call meanwhile renews too).
    else if (session) renewalTimer = setTimeout(renewInBackground, 30_000);
  });
}

// A tab coming back to the front (a laptop opened after lunch) renews at once if its timer fell behind.
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && session && !fresh(session)) renewInBackground();
  });
}

// Remembers only *that* someone signed in on this browser (not who, no token): a reload then asks for
// a new token, and a failed refresh can say "the session has ended" instead of greeting a newcomer.
const SIGNED_IN = 'timetable.signedIn';

function markSignedIn(yes: boolean): void {
  try {
    if (yes) localStorage.setItem(SIGNED_IN, '1');
    else localStorage.removeItem(SIGNED_IN);
  } catch {
    // storage disabled: reloads will simply ask to sign in again
  }
}

/**
 * Whether to ask for a session on load: someone signed in on this browser before, or the university's
 * provider just sent the browser back (`?sso=1`: the refresh cookie is set, the token is never in the
 * address).
 */
export function wasSignedIn(): boolean {
  if (new URLSearchParams(location.search).has('sso')) return true;
  try {
    return localStorage.getItem(SIGNED_IN) === '1';
  } catch {
    return false;
  }
}

/** Drops the `sso=1` hint from the address once the page has used it (a bookmark must not carry it). */
export function dropSignInHint(): void {
  const url = new URL(location.href);
  if (!url.searchParams.has('sso')) return;
  url.searchParams.delete('sso');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

export type SingleSignOn = Schemas['SsoPublicResponse'];

/** Whether this university signs in through its own provider (a public call: the login form asks it). */
export async function singleSignOn(): Promise<SingleSignOn | null> {
  try {
    const response = await send(new Request('/api/auth/sso', { headers: { Accept: 'application/json' }, credentials: 'same-origin' }));
    return response.ok ? ((await response.json()) as SingleSignOn) : null;
  } catch {
    return null;
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  let message = '';
  let body: unknown;
  try {
    body = await response.clone().json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') message = body.message;
  } catch {
    // not JSON: a message by status
  }
  return new ApiError(response.status, message || FALLBACK[response.status] || `Ошибка сервера (${response.status})`, body);
}

async function send(input: Request): Promise<Response> {
  try {
    return await fetch(input);
  } catch {
    throw new ApiError(0, FALLBACK[0]);
  }
}

/** The public auth calls (no bearer token): each answers the LoginResponse or throws ApiError. */
async function authCall(path: '/api/auth/login' | '/api/auth/refresh' | '/api/auth/logout', body?: object): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body) headers['Content-Type'] = 'application/json';
  return send(new Request(path, { method: 'POST', credentials: 'same-origin', headers, body: body ? JSON.stringify(body) : undefined }));
}

export async function login(username: string, password: string): Promise<LoginResponse> {
  const response = await authCall('/api/auth/login', { username, password } satisfies Schemas['LoginRequest']);
  if (!response.ok) throw await errorOf(response);
  const body = (await response.json()) as LoginResponse;
  const kept = held(body);
  hold(kept);
  tabs.share(kept);
  markSignedIn(true);
  return body;
}

/**
 * A session with a fresh access token: this tab's own while it lasts, else one another tab holds,
 * else a renewal through the refresh cookie, the only one in the browser at that moment (the cookie
 * is single-use). `rejected` is a token the server has just refused.
 */
export async function refresh(rejected?: string | null): Promise<LoginResponse> {
  refreshing ??= tabs.exclusively(renewThroughCookie, rejected).finally(() => (refreshing = null));
  return (await refreshing).session;
}

async function renewThroughCookie(): Promise<Held<LoginResponse>> {
  const response = await authCall('/api/auth/refresh');
  if (!response.ok) {
    const error = await errorOf(response);
    if (response.status === 401) {
      drop();
      markSignedIn(false);
      tabs.end(error.message);
      throw new SessionEnded(error.message);
    }
    throw error;
  }
  const kept = held((await response.json()) as LoginResponse);
  hold(kept);
  markSignedIn(true);
  return kept;
}

export async function logout(): Promise<void> {
  drop();
  markSignedIn(false);
  tabs.end('Вы вышли из системы в другой вкладке');
  const response = await authCall('/api/auth/logout');
  if (!response.ok) throw await errorOf(response);
}

/**
 * Every typed call carries the bearer token; a 401 (token expired) gets one refresh and one retry,
 * a refused refresh ends the session. Non-2xx answers become ApiError with the API's message.
 */
const bearer: Middleware = {
  async onRequest({ request }) {
    // A token about to expire is renewed first, so a call never meets a 401 it could have avoided.
    if (!accessToken || !fresh(session)) await refresh();
    request.headers.set('Authorization', `Bearer ${accessToken}`);
    request.headers.set('Accept', 'application/json');
    return request;
  },
  async onResponse({ request, response }) {
    let answer = response;
    if (answer.status === 401) {
      await refresh(request.headers.get('Authorization')?.slice('Bearer '.length));
      const retry = new Request(request, { headers: new Headers(request.headers) });
      retry.headers.set('Authorization', `Bearer ${accessToken}`);
      answer = await send(retry);
      if (answer.status === 401) throw new SessionEnded((await errorOf(answer)).message);
    }
    if (!answer.ok) throw await errorOf(answer);
    return answer;
  },
};

/** The typed client. Its calls resolve to `{ data }` or throw ApiError / SessionEnded. */
export const api = createClient<paths>({
  baseUrl: '',
  credentials: 'same-origin',
  fetch: (request) => send(request.clone()),
});
api.use(bearer);

/** The `data` of a typed call (the middleware has already turned every refusal into an error). */
export async function data<T>(call: Promise<{ data?: T }>): Promise<T> {
  const { data: body } = await call;
  return body as T;
}

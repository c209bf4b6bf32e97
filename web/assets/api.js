// The API client of the pages: same-origin calls only, the access token kept in this module's memory
// (never in storage), a new one obtained through the HttpOnly refresh cookie (spec 5).

let accessToken = null;
let refreshing = null;

// Remembers only *that* someone signed in on this browser (not who, no token): a reload then asks for
// a new token, and a failed refresh can say "the session has ended" instead of greeting a newcomer.
const SIGNED_IN = 'timetable.signedIn';

/** An answer of the API other than 2xx, with the Russian `message` of its body. */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The session is over (refresh refused): the page shows the login form with this message. */
export class SessionEnded extends Error {}

const FALLBACK = {
  0: 'Нет связи с сервером. Проверьте подключение и повторите попытку',
  401: 'Сессия истекла, войдите снова',
  403: 'Недостаточно прав для этого действия',
  404: 'Не найдено',
  429: 'Слишком много попыток, повторите позже',
  503: 'Сервис временно недоступен, повторите попытку позже',
};

async function errorOf(response) {
  let message = '';
  try {
    const body = await response.json();
    if (body && typeof body.message === 'string') message = body.message;
  } catch {
    // not JSON: fall back to a message by status
  }
  return new ApiError(response.status, message || FALLBACK[response.status] || `Ошибка сервера (${response.status})`);
}

async function send(path, init) {
  try {
    return await fetch(path, { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError(0, FALLBACK[0]);
  }
}

function post(path, body) {
  const init = { method: 'POST', headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return send(path, init);
}

export function wasSignedIn() {
  try {
    return localStorage.getItem(SIGNED_IN) === '1';
  } catch {
    return false;
  }
}

function markSignedIn(yes) {
  try {
    if (yes) localStorage.setItem(SIGNED_IN, '1');
    else localStorage.removeItem(SIGNED_IN);
  } catch {
    // storage disabled: reloads will simply ask to sign in again
  }
}

/** `POST /api/auth/login`; resolves to the LoginResponse (with `redirect`), or throws ApiError. */
export async function login(username, password) {
  const response = await post('/api/auth/login', { username, password });
  if (!response.ok) throw await errorOf(response);
  const body = await response.json();
  accessToken = body.token;
  markSignedIn(true);
  return body;
}

/**
 * `POST /api/auth/refresh`: a new access token from the refresh cookie. One call at a time: the
 * cookie is single-use, so two parallel refreshes would end the session.
 */
export function refresh() {
  refreshing ??= (async () => {
    try {
      const response = await post('/api/auth/refresh');
      if (!response.ok) {
        accessToken = null;
        const error = await errorOf(response);
        if (response.status === 401) {
          markSignedIn(false);
          throw new SessionEnded(error.message);
        }
        throw error;
      }
      const body = await response.json();
      accessToken = body.token;
      markSignedIn(true);
      return body;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

export async function logout() {
  accessToken = null;
  markSignedIn(false);
  const response = await post('/api/auth/logout');
  if (!response.ok) throw await errorOf(response);
}

function withQuery(path, params) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * One API call with the bearer token. A 401 (token expired) is answered by one refresh and one
 * retry; a refused refresh ends the session (SessionEnded). Resolves to the JSON body.
 */
async function authorized(method, url, body) {
  const headers = () => {
    const result = { Accept: 'application/json', Authorization: `Bearer ${accessToken}` };
    if (body !== undefined) result['Content-Type'] = 'application/json';
    return result;
  };
  const call = () => send(url, { method, headers: headers(), body: body === undefined ? undefined : JSON.stringify(body) });
  if (!accessToken) await refresh();
  let response = await call();
  if (response.status === 401) {
    await refresh();
    response = await call();
  }
  if (response.status === 401) throw new SessionEnded((await errorOf(response)).message);
  if (!response.ok) throw await errorOf(response);
  return response.json();
}

/** `GET` an API path (with query parameters) as the signed-in user. */
export function get(path, params) {
  return authorized('GET', withQuery(path, params), undefined);
}

/** `POST` a JSON body to an API path as the signed-in user. */
export function create(path, body) {
  return authorized('POST', path, body);
}

/** `DELETE` an API path as the signed-in user. */
export function remove(path) {
  return authorized('DELETE', path, undefined);
}

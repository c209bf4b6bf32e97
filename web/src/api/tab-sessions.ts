// The tabs of one browser share one session. The refresh cookie is single-use (a second use of the
// same cookie ends the session), so two tabs must never renew at once: renewals run under one Web
// Lock, and the tab that renewed hands its new access token to the others over a BroadcastChannel.
// Nothing long-lived is stored: the access token stays in the tabs' memory; localStorage holds only
// *until when* the newest token is valid, so a tab knows whether asking the others is worth a wait.

/** What a tab needs of a session: the login answer with its access token. */
export interface SharedSession {
  token: string | null;
  userId: number | null;
}

type Message<S> = { kind: 'session'; held: Held<S> } | { kind: 'ask' } | { kind: 'ended'; message: string };

const LOCK = 'timetable.session-renewal';
const CHANNEL = 'timetable.session';
const NEWEST_UNTIL = 'timetable.sessionUntil';
/** How long a tab waits for another tab's token before renewing itself. */
const ASK_WAIT_MS = 400;

/**
 * A session as a tab holds it: `expiresAt` and `lead` in this browser's own clock, counted from when
 * the token came (the token's own `exp` is the server's clock, and a computer's clock may be off by
 * minutes: only the token's lifetime, `exp − iat`, is taken from it). Tabs of one browser share a clock.
 */
export interface Held<S> {
  session: S;
  expiresAt: number;
  /** How long before `expiresAt` the token is renewed. */
  lead: number;
}

/** A token's lifetime in ms (`exp − iat` of the JWT), null when unreadable. */
export function lifetimeOf(token: string | null): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown; iat?: unknown };
    return typeof claims.exp === 'number' && typeof claims.iat === 'number' && claims.exp > claims.iat ? (claims.exp - claims.iat) * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * A session just received. It is renewed a third of its life before expiry, at most two minutes
 * before (a hidden tab's timers may be held back up to a minute by the browser). A token whose
 * lifetime cannot be read is used until the server refuses it.
 */
export function held<S extends SharedSession>(session: S): Held<S> {
  const life = lifetimeOf(session.token);
  if (life === null) return { session, expiresAt: Number.POSITIVE_INFINITY, lead: 0 };
  return { session, expiresAt: Date.now() + life, lead: Math.min(2 * 60_000, life / 3) };
}

/** Whether a held session is still good for a while (not within its renewal lead of expiring). */
export function fresh(session: Held<unknown> | null, now = Date.now()): boolean {
  return session !== null && session.expiresAt - session.lead > now;
}

function readNewestUntil(): number {
  try {
    return Number(localStorage.getItem(NEWEST_UNTIL)) || 0;
  } catch {
    return 0;
  }
}

function writeNewestUntil(until: number | null): void {
  try {
    if (until) localStorage.setItem(NEWEST_UNTIL, String(until));
    else localStorage.removeItem(NEWEST_UNTIL);
  } catch {
    // storage disabled: tabs then simply renew for themselves (still one at a time)
  }
}

/**
 * One tab's side of the sharing. `current` is the tab's session; `adopt` takes one another tab
 * shared; `ended` is told when another tab signed out or the session could not be renewed there.
 */
export class TabSessions<S extends SharedSession> {
  private readonly channel: BroadcastChannel | null;
  private waiting: ((session: Held<S>) => void) | null = null;

  constructor(
    private readonly current: () => Held<S> | null,
    private readonly adopt: (session: Held<S>) => void,
    private readonly ended: (message: string) => void,
  ) {
    this.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    this.channel?.addEventListener('message', (event: MessageEvent<Message<S>>) => this.receive(event.data));
  }

  /**
   * Runs `renew` (the refresh call) as the only renewal in the browser, unless a session as good as
   * the one it would get is already at hand: this tab's own (another tab shared it while this one
   * waited for the lock), or one another tab holds and hands over when asked. `rejected` is a token
   * the server just refused: it is not good, however fresh it looks.
   */
  async exclusively(renew: () => Promise<Held<S>>, rejected?: string | null): Promise<Held<S>> {
    const run = async (): Promise<Held<S>> => {
      const own = this.current();
      if (own && own.session.token !== rejected && fresh(own)) return own;
      if (readNewestUntil() > Date.now()) {
        const handed = await this.ask(rejected);
        if (handed) return handed;
      }
      const renewed = await renew();
      this.share(renewed);
      return renewed;
    };
    // Without Web Locks (an old browser, or a page served over plain http) tabs renew for themselves.
    return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(LOCK, run) : run();
  }

  /** Hands this tab's new session (a login or a renewal) to the others. */
  share(session: Held<S>): void {
    writeNewestUntil(Number.isFinite(session.expiresAt) ? session.expiresAt : null);
    this.post({ kind: 'session', held: session });
  }

  /** Tells the other tabs that the session is over (signed out, or refused at renewal). */
  end(message: string): void {
    writeNewestUntil(null);
    this.post({ kind: 'ended', message });
  }

  private post(message: Message<S>): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // a closed channel (the page is going away): the other tabs renew for themselves
    }
  }

  private ask(rejected?: string | null): Promise<Held<S> | null> {
    if (!this.channel) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        resolve(null);
      }, ASK_WAIT_MS);
      this.waiting = (session) => {
        if (session.session.token === rejected || !fresh(session)) return;
        clearTimeout(timer);
        this.waiting = null;
        resolve(session);
      };
      this.post({ kind: 'ask' });
    });
  }

  private receive(message: Message<S>): void {
    if (message.kind === 'ask') {
      const own = this.current();
      if (own && fresh(own)) this.post({ kind: 'session', held: own });
      return;
    }
    if (message.kind === 'ended') {
      this.ended(message.message);
      return;
    }
    const own = this.current();
    // Someone else signed in in another tab: this tab's page belongs to another user.
    if (own && own.session.userId !== message.held.session.userId) {
      this.ended('В другой вкладке вошёл другой пользователь. Войдите снова');
      return;
    }
    if (!own || message.held.expiresAt > own.expiresAt) this.adopt(message.held);
    this.waiting?.(message.held);
  }
}

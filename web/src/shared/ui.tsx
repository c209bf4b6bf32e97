// The small shared pieces every section uses: status and error lines, a loader hook with its
// loading / error / done states, and the "long operation" progress indicator.
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { messageOf } from './errors';

export const Status = ({ children }: { children: ComponentChildren }) => (
  <p class="status" role="status">
    {children}
  </p>
);

export const ErrorLine = ({ message, id }: { message: string; id?: string }) => (
  <p class="error" role="alert" id={id}>
    {message}
  </p>
);

let sequence = 0;
/** A page-unique id for label/control pairs. */
export function useId(prefix: string): string {
  const id = useRef('');
  if (!id.current) id.current = `${prefix}-${++sequence}`;
  return id.current;
}

export type Loaded<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; data: T };

/**
 * Loads `load()` whenever `deps` change; an older answer never overwrites a newer one. `reload()`
 * asks again. The state is what a list shows: loading, error (the API's message) or done.
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> & { reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const key = [...deps, round];
  // The effect below runs after the render that changed `deps`; until then the state still answers
  // the old ones, so that render already says «loading» (a sorted header never sits over rows of the
  // previous order without the busy mark).
  const askedFor = useRef<unknown[]>();
  const answersKey = askedFor.current !== undefined && key.every((value, index) => Object.is(value, askedFor.current?.[index]));
  useEffect(() => {
    askedFor.current = key;
    let current = true;
    setState({ state: 'loading' });
    load().then(
      (data) => current && setState({ state: 'done', data }),
      (error: unknown) => current && setState({ state: 'error', message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, key);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...(answersKey ? state : { state: 'loading' }), reload };
}

/**
 * A long operation under way (an import, a batch, a publication): a native progress bar, with the
 * share done when known, and a line a screen reader announces.
 */
export function LongOperation({ label, done, total }: { label: string; done?: number; total?: number }) {
  const id = useId('progress');
  const known = total !== undefined && done !== undefined && total > 0;
  return (
    <div class="long-operation" role="status" aria-live="polite">
      <label for={id}>{label}</label>
      {known ? <progress id={id} max={total} value={done} /> : <progress id={id} />}
      {known ? <span class="hint">{`${done} из ${total}`}</span> : null}
    </div>
  );
}

/**
 * The last data `loaded` answered, kept while it loads again: a list reloaded after a change does not
 * blink away, and the forms drawn from it keep their state and success line.
 */
export function useLastLoaded<T>(loaded: Loaded<T>): T | undefined {
  const last = useRef<T>();
  if (loaded.state === 'done') last.current = loaded.data;
  return last.current;
}

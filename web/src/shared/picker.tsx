// A search field with a list of matches to choose from (groups, teachers, classrooms): type to search,
// Tab or arrows to a match, Enter to choose. The matches are ordinary buttons, so a keyboard and a
// screen reader need nothing special.
import { useEffect, useRef, useState } from 'preact/hooks';
import { messageOf } from './errors';
import { ErrorLine, Status, useId } from './ui';

export interface Choice {
  id: number;
  label: string;
  hint?: string;
}

type Matches = { kind: 'none' } | { kind: 'searching' } | { kind: 'found'; items: Choice[] } | { kind: 'error'; message: string };

export function Picker({
  label,
  placeholder,
  search,
  chosen,
  onPick,
  listOnOpen = false,
}: {
  label: string;
  placeholder: string;
  search: (query: string) => Promise<Choice[]>;
  chosen?: Choice;
  onPick: (item: Choice) => void;
  /** List the choices (the search with no words) as soon as the field is entered: for short lists, e.g. a department's own groups. */
  listOnOpen?: boolean;
}) {
  const inputId = useId('picker');
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(chosen);
  const [matches, setMatches] = useState<Matches>({ kind: 'none' });
  const request = useRef(0);
  const timer = useRef<number>();

  const run = async (text: string) => {
    const mine = ++request.current;
    setMatches({ kind: 'searching' });
    try {
      const items = await search(text);
      if (mine === request.current) setMatches({ kind: 'found', items });
    } catch (error) {
      if (mine === request.current) setMatches({ kind: 'error', message: messageOf(error) });
    }
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const onInput = (text: string) => {
    setQuery(text);
    clearTimeout(timer.current);
    if (!text.trim()) {
      request.current++;
      if (listOnOpen) void run('');
      else setMatches({ kind: 'none' });
      return;
    }
    timer.current = window.setTimeout(() => void run(text.trim()), 250);
  };

  const listOnEntering = () => {
    if (listOnOpen && !query.trim() && matches.kind === 'none') void run('');
  };

  const moveFocus = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...(listRef.current?.querySelectorAll('button') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
    if (next < 0) inputRef.current?.focus();
    else buttons[Math.min(next, buttons.length - 1)].focus();
  };

  return (
    <div class="picker">
      <label for={inputId}>{label}</label>
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        autoComplete="off"
        placeholder={placeholder}
        aria-controls={`${inputId}-matches`}
        aria-describedby={`${inputId}-chosen`}
        value={query}
        // Entered by Tab or by a click (a click on a field that already has focus enters it again).
        onFocus={() => listOnEntering()}
        onClick={() => listOnEntering()}
        onInput={(event) => onInput(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            const first = listRef.current?.querySelector('button');
            if (first) {
              event.preventDefault();
              first.focus();
            }
          } else if (event.key === 'Enter') {
            event.preventDefault();
            clearTimeout(timer.current);
            void run(query.trim());
          }
        }}
      />
      <p class="chosen" id={`${inputId}-chosen`}>
        {current ? `Выбрано: ${current.label}` : 'Ничего не выбрано'}
      </p>
      <div class="matches" id={`${inputId}-matches`} ref={listRef} onKeyDown={moveFocus}>
        {matches.kind === 'searching' ? <Status>Поиск…</Status> : null}
        {matches.kind === 'error' ? <ErrorLine message={matches.message} /> : null}
        {matches.kind === 'found' && matches.items.length === 0 ? <Status>Ничего не найдено</Status> : null}
        {matches.kind === 'found' && matches.items.length > 0 ? (
          <>
            <p class="visually-hidden" role="status">{`Найдено: ${matches.items.length}`}</p>
            <ul class="match-list">
              {matches.items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    class="match"
                    data-id={item.id}
                    onClick={() => {
                      setCurrent(item);
                      setMatches({ kind: 'none' });
                      setQuery('');
                      onPick(item);
                    }}
                  >
                    <span class="match-label">{item.label}</span>
                    {item.hint ? <span class="match-hint">{item.hint}</span> : null}
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  );
}

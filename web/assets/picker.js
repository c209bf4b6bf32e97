// A search field with a list of matches to choose from (groups, teachers, classrooms): type to search,
// Tab or arrows to a match, Enter to choose. The matches are ordinary buttons, so a keyboard and a
// screen reader need nothing special.
import { clear, h, statusLine, uid } from './dom.js';
import { failed } from './shell.js';

/**
 * `search(query)` resolves to `[{ id, label, hint? }]`; `onPick(item)` is called with the chosen one.
 * `chosen` is the item shown as selected at first.
 */
export function picker({ label, placeholder, search, onPick, chosen }) {
  const inputId = uid('picker');
  const listId = uid('matches');
  const input = h('input', { id: inputId, type: 'search', autocomplete: 'off', placeholder, 'aria-controls': listId, 'aria-describedby': `${inputId}-chosen` });
  const current = h('p', { class: 'chosen', id: `${inputId}-chosen` });
  const matches = h('div', { class: 'matches', id: listId });
  let request = 0;
  let timer;

  const showChosen = (item) => {
    current.textContent = item ? `Выбрано: ${item.label}` : 'Ничего не выбрано';
  };
  showChosen(chosen);

  async function run(query) {
    const mine = ++request;
    clear(matches, statusLine('Поиск…'));
    try {
      const items = await search(query);
      if (mine !== request) return;
      if (items.length === 0) {
        clear(matches, h('p', { class: 'status', role: 'status' }, 'Ничего не найдено'));
        return;
      }
      clear(
        matches,
        h('p', { class: 'visually-hidden', role: 'status' }, `Найдено: ${items.length}`),
        h(
          'ul',
          { class: 'match-list' },
          items.map((item) =>
            h(
              'li',
              {},
              h(
                'button',
                {
                  type: 'button',
                  class: 'match',
                  'data-id': item.id,
                  onclick: () => {
                    showChosen(item);
                    clear(matches);
                    input.value = '';
                    onPick(item);
                  },
                },
                h('span', { class: 'match-label' }, item.label),
                item.hint ? h('span', { class: 'match-hint' }, item.hint) : null,
              ),
            ),
          ),
        ),
      );
    } catch (error) {
      if (mine === request) failed(error, matches);
    }
  }

  input.addEventListener('input', () => {
    clearTimeout(timer);
    const query = input.value.trim();
    if (!query) {
      request++;
      clear(matches);
      return;
    }
    timer = setTimeout(() => void run(query), 250);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      const first = matches.querySelector('button');
      if (first) {
        event.preventDefault();
        first.focus();
      }
    } else if (event.key === 'Enter') {
      event.preventDefault();
      clearTimeout(timer);
      void run(input.value.trim());
    }
  });
  matches.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...matches.querySelectorAll('button')];
    const index = buttons.indexOf(document.activeElement);
    if (index < 0) return;
    event.preventDefault();
    const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
    if (next < 0) input.focus();
    else buttons[Math.min(next, buttons.length - 1)].focus();
  });

  return h('div', { class: 'picker' }, h('label', { for: inputId }, label), input, current, matches);
}

/** A JSON value in localStorage (the browser remembers the chosen group); absent when unreadable. */
export function remembered(key) {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null');
    return value && Number.isInteger(value.id) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function remember(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage disabled: the choice lasts until the page is closed
  }
}

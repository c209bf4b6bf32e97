// The head of a week grid of pairs (days across, pairs down): the free-cell grid of the rule editor
// and a version's week grid share it, so both read the same way and a change reaches both.
import { formatDayMonth, plusDays } from './dates';

/** Short names of the days, Monday first, for the grid's columns. */
export const GRID_DAYS = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'];
/** The days as words, Monday first: «среда, 2-я пара». */
export const GRID_DAY_WORDS = ['понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота', 'воскресенье'];

/** The column heads: «Пара», then `days` days from Monday, each with its date when the grid shows a dated week. */
export function WeekGridHead({ days, monday }: { days: number; monday?: string }) {
  return (
    <thead>
      <tr>
        <th scope="col">Пара</th>
        {GRID_DAYS.slice(0, days).map((day, index) => (
          <th scope="col" key={day} abbr={GRID_DAY_WORDS[index]}>
            {day}
            {monday ? <> <span class="day-date">{formatDayMonth(plusDays(monday, index)).replace(/ .*/, '')}</span></> : null}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A row's head: the pair's number and its time. */
export function PairHead({ pair }: { pair: { orderNumber: number; startTime: string; endTime: string } }) {
  return (
    <th scope="row">
      <span class="pair-number">{pair.orderNumber}</span>
      <span class="pair-time">{`${pair.startTime}–${pair.endTime}`}</span>
    </th>
  );
}

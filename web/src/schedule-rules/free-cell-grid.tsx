// The free-cell grid of the slot being placed: days across, base pairs down. Each cell says whether a
// slot with these values can be saved there now (the API's `free-cells`, the same checks as saving);
// a free cell is a button that puts the slot there, a busy one shows why (the rule, the weeks).
import { useEffect, useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { messageOf } from '../shared/errors';
import { ErrorLine, Status, useLoad } from '../shared/ui';
import { GRID_DAY_WORDS, PairHead, WeekGridHead } from '../shared/week-grid-head';

type Grid = Schemas['FreeCellsResponse'];
type Cell = Schemas['FreeCellResponse'];
export type FreeCellsQuery = {
  versionId: number;
  groupIds: number[];
  subgroupIds: number[];
  teacherId?: number;
  classroomId?: number;
  lessonTypeId?: number;
  /** The rule's subject: a cell's free rooms are only those with the equipment its lessons need. */
  subjectId?: number;
  parity: 'BOTH' | 'ODD' | 'EVEN';
  startWeek?: number;
  academicHours?: number;
  excludeRuleId?: number;
};

const SHORT_REASONS: Record<string, string> = {
  teacher: 'занят преподаватель',
  classroom: 'занята аудитория',
  group: 'занята группа',
  subgroup: 'занята подгруппа',
  'hard-unavailable': 'преподаватель недоступен',
  'no-lessons-that-day': 'нет занятий',
};
/** What a cell shows (its full words are for screen readers and the legend): the grid fits a phone. */
const MARKS: Record<string, string> = {
  teacher: 'П',
  classroom: 'А',
  group: 'Г',
  subgroup: 'ПГ',
  'hard-unavailable': 'Н',
  'no-lessons-that-day': '—',
};

type Room = Schemas['FreeCellRoomResponse'];

export function FreeCellGrid({
  query,
  chosen,
  onPick,
  onPickRoom,
}: {
  query: FreeCellsQuery;
  chosen?: { dayOfWeek: number; timeSlotId: number };
  onPick: (cell: Cell) => void;
  /** A cell busy only because of the chosen room, placed with another room that is free there. */
  onPickRoom?: (cell: Cell, room: Room) => void;
}) {
  const [grid, setGrid] = useState<{ state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; data: Grid }>({ state: 'loading' });
  const [opened, setOpened] = useState<Cell>();
  const key = JSON.stringify(query);
  useEffect(() => {
    let current = true;
    // The grid follows the slot as it is typed: ask once the values stop changing for a moment.
    const timer = window.setTimeout(() => {
      data(api.GET('/api/admin/schedule-rules/free-cells', { params: { query } })).then(
        (answer) => current && setGrid({ state: 'done', data: answer }),
        (error: unknown) => current && setGrid({ state: 'error', message: messageOf(error) }),
      );
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);

  if (grid.state === 'loading') return <Status>Проверяем свободные ячейки…</Status>;
  if (grid.state === 'error') return <ErrorLine message={`Сетка свободных ячеек: ${grid.state === 'error' ? grid.message : ''}`} />;
  const { pairs, cells } = grid.data;
  const cellAt = (day: number, timeSlotId: number) => cells.find((cell) => cell.dayOfWeek === day && cell.timeSlotId === timeSlotId);
  const freeCount = cells.filter((cell) => cell.free).length;
  return (
    <div class="free-cells">
      <p class="hint" role="status">{`Свободно ${freeCount} из ${cells.length} ячеек для выбранных группы, преподавателя и аудитории. Нажмите свободную ячейку, чтобы поставить туда слот.`}</p>
      <div class="table-scroll">
        <table class="data-table free-cell-grid">
          <caption class="visually-hidden">Свободные ячейки недели для слота</caption>
          <WeekGridHead days={7} />
          <tbody>
            {pairs.map((pair) => (
              <tr key={pair.timeSlotId}>
                <PairHead pair={pair} />
                {[1, 2, 3, 4, 5, 6, 7].map((day) => {
                  const cell = cellAt(day, pair.timeSlotId);
                  if (!cell) return <td key={day} />;
                  const here = chosen?.dayOfWeek === day && chosen.timeSlotId === pair.timeSlotId;
                  const where = `${GRID_DAY_WORDS[day - 1]}, ${pair.orderNumber}-я пара`;
                  const hints = cell.hints.map((hint) => hint.text).join('; ');
                  const reason = cell.reasons[0]?.kind ?? '';
                  return (
                    <td key={day} class={cell.free ? 'cell-free' : 'cell-busy'}>
                      {cell.free ? (
                        <button type="button" class={here ? 'cell-button chosen' : 'cell-button'} aria-pressed={here} data-cell={`${day}:${pair.orderNumber}`} onClick={() => onPick(cell)}>
                          <span class="visually-hidden">{`${where}: `}</span>
                          <span class={here ? undefined : 'visually-hidden'}>{here ? 'здесь' : 'свободно'}</span>
                          {here ? null : <span aria-hidden="true">✓</span>}
                          {cell.hints.length > 0 ? <span class="cell-hint" title={hints}>{hintMark(cell)}<span class="visually-hidden">{`. ${hints}`}</span></span> : null}
                        </button>
                      ) : (
                        <button type="button" class="cell-button busy" data-cell={`${day}:${pair.orderNumber}`} onClick={() => setOpened(cell)}>
                          <span class="visually-hidden">{`${where}: ${SHORT_REASONS[reason] ?? 'занято'} — показать причины`}</span>
                          <span aria-hidden="true">{MARKS[reason] ?? '×'}</span>
                        </button>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p class="hint cell-legend">✓ свободно · П — занят преподаватель · А — занята аудитория · Г — занята группа · ПГ — подгруппа · Н — преподаватель недоступен · — нет занятий</p>
      {opened ? (
        <CellReasons
          key={`${opened.dayOfWeek}:${opened.timeSlotId}`}
          cell={opened}
          pair={pairs.find((pair) => pair.timeSlotId === opened.timeSlotId)?.orderNumber ?? 0}
          query={query}
          onPickRoom={onPickRoom ? (room) => (setOpened(undefined), onPickRoom(opened, room)) : undefined}
          onClose={() => setOpened(undefined)}
        />
      ) : null}
    </div>
  );
}

function hintMark(cell: Cell): string {
  if (cell.hints.some((hint) => hint.kind === 'SOFT_UNWANTED' || hint.kind === 'GAP_OPENS')) return ' ⚠';
  return ' ★';
}

function CellReasons({ cell, pair, query, onPickRoom, onClose }: { cell: Cell; pair: number; query: FreeCellsQuery; onPickRoom?: (room: Room) => void; onClose: () => void }) {
  // Busy only because of the chosen room: the rooms in which the slot fits this cell.
  const onlyRoom = query.classroomId !== undefined && cell.reasons.length > 0 && cell.reasons.every((reason) => reason.kind === 'classroom');
  return (
    <section class="notice notice-warning cell-reasons" aria-live="polite">
      <h3>{`Почему не ${GRID_DAY_WORDS[cell.dayOfWeek - 1]}, ${pair}-я пара`}</h3>
      <ul>
        {cell.reasons.map((reason) => (
          <li key={reason.text}>{reason.text}</li>
        ))}
        {cell.hints.map((hint) => (
          <li key={hint.text} class="hint">
            {hint.text}
          </li>
        ))}
      </ul>
      {onlyRoom && onPickRoom ? <CellRooms cell={cell} query={query} onPickRoom={onPickRoom} /> : null}
      <button type="button" onClick={onClose}>
        Скрыть
      </button>
    </section>
  );
}

/** The free rooms of one cell (`free-cells/classrooms`: the same checks as the grid), each a button that places the slot there. */
function CellRooms({ cell, query, onPickRoom }: { cell: Cell; query: FreeCellsQuery; onPickRoom: (room: Room) => void }) {
  const rooms = useLoad(
    () => data(api.GET('/api/admin/schedule-rules/free-cells/classrooms', { params: { query: { ...query, classroomId: undefined, dayOfWeek: cell.dayOfWeek, timeSlotId: cell.timeSlotId } } })),
    [JSON.stringify(query), cell.dayOfWeek, cell.timeSlotId],
  );
  if (rooms.state === 'loading') return <Status>Ищем свободные аудитории…</Status>;
  if (rooms.state === 'error') return <ErrorLine message={`Свободные аудитории: ${rooms.message}`} />;
  if (rooms.data.length === 0) return <p>Других свободных аудиторий, вмещающих группы, в это время нет.</p>;
  return (
    <div class="cell-rooms">
      <p>Свободные аудитории, вмещающие группы:</p>
      <ul class="plain-list">
        {rooms.data.map((room) => (
          <li key={room.classroomId}>
            <button type="button" class="link-button" onClick={() => onPickRoom(room)}>
              {`${room.classroomName} (${room.capacity} мест${room.building ? `, ${room.building}` : ''})`}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

// A version's week as a grid of pairs by days, for one group, teacher or room (issue 54 §4, §5): a
// solver's result beside its source (side by side, one under the other on a phone), the lessons that
// moved marked on both sides; in a draft the office moves a lesson to another cell by dragging it, by
// «Переместить» and a tap on a cell (a phone), or from the keyboard (Enter on «Переместить», arrows,
// Enter; Escape gives up). A picked lesson shows which cells are free for it and why the others are
// not (the free-cell API, the same checks as saving); the move itself is the rule's own PUT with its
// checks, from the date the draft's changes hold from in a semester that has begun, so a refusal is
// the API's, said next to the lesson, and the lesson stays where it was.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatDayMonth, formatLongDate, formatShortDate, isDate, mondayOf, plusDays, todayAtUniversity } from '../shared/dates';
import { messageOf } from '../shared/errors';
import { findClassrooms, findGroups, findTeachers } from '../shared/options';
import { Picker, type Choice } from '../shared/picker';
import { ErrorLine, Status, useId } from '../shared/ui';
import { GRID_DAY_WORDS, GRID_DAYS, PairHead, WeekGridHead } from '../shared/week-grid-head';

type Lesson = Schemas['RenderedLessonDto'];
type Pair = Schemas['FreeCellPairResponse'];
type Cells = Schemas['FreeCellsResponse'];
type Cell = Schemas['FreeCellResponse'];
type Rule = Schemas['RuleResponse'];
type Version = Schemas['VersionResponse'];
type Kind = 'group' | 'teacher' | 'classroom';

const KINDS: { kind: Kind; label: string; accusative: string; search: (query: string) => Promise<Choice[]> }[] = [
  { kind: 'group', label: 'Группа', accusative: 'группу', search: (query) => findGroups(query) },
  { kind: 'teacher', label: 'Преподаватель', accusative: 'преподавателя', search: (query) => findTeachers(query) },
  { kind: 'classroom', label: 'Аудитория', accusative: 'аудиторию', search: findClassrooms },
];
const REASON_MARKS: Record<string, string> = { teacher: 'П', classroom: 'А', group: 'Г', subgroup: 'ПГ', 'hard-unavailable': 'Н', 'no-lessons-that-day': '—' };
const REASON_WORDS: Record<string, string> = {
  teacher: 'занят преподаватель',
  classroom: 'занята аудитория',
  group: 'занята группа',
  subgroup: 'занята подгруппа',
  'hard-unavailable': 'преподаватель недоступен',
  'no-lessons-that-day': 'нет занятий',
};

/** A move the page itself refuses before asking the API (a lesson of a rule's earlier period). */
class MoveRefusal extends Error {}

/** How a lesson of one side compares with the other side's week. */
type Mark = { kind: 'moved-in' | 'moved-out' | 'changed' | 'new' | 'gone'; text: string };

const lessonKey = (lesson: Lesson) => `${lesson.scheduleRuleSlotId}:${lesson.date}`;
/** What a lesson is, wherever it stands: subject, kind, groups and subgroups. */
const whatOf = (lesson: Lesson) => `${lesson.subjectId}|${lesson.lessonTypeId}|${lesson.groupIds.join(',')}|${lesson.subgroupIds.join(',')}`;
const placeText = (lesson: Lesson) => `${GRID_DAYS[lesson.dayOfWeek - 1].toLowerCase()}, ${lesson.timeSlotOrder} пара`;

/**
 * Marks of each side against the other, lesson by lesson: the same lesson (subject, kind, groups) at
 * the same date and pair is unchanged (or «другая аудитория / другой преподаватель»); otherwise it moved
 * (named where from or to, when the other side has it elsewhere in the week), is new, or is gone.
 */
export function compareWeeks(source: Lesson[], result: Lesson[]): { source: Map<string, Mark>; result: Map<string, Mark> } {
  const marks = { source: new Map<string, Mark>(), result: new Map<string, Mark>() };
  const unmatchedSource = new Set(source);
  const unmatchedResult: Lesson[] = [];
  for (const lesson of result) {
    const same = [...unmatchedSource].find((other) => whatOf(other) === whatOf(lesson) && other.date === lesson.date && other.timeSlotId === lesson.timeSlotId);
    if (!same) {
      unmatchedResult.push(lesson);
      continue;
    }
    unmatchedSource.delete(same);
    const changes = [same.classroomId !== lesson.classroomId ? `аудитория была ${same.classroomName}` : '', same.teacherId !== lesson.teacherId ? `вёл ${same.teacherName}` : '']
      .filter(Boolean)
      .join(', ');
    if (changes) {
      marks.result.set(lessonKey(lesson), { kind: 'changed', text: `Изменено: ${changes}` });
      marks.source.set(lessonKey(same), { kind: 'changed', text: `Изменено в результате` });
    }
  }
  for (const lesson of unmatchedResult) {
    const from = [...unmatchedSource].find((other) => whatOf(other) === whatOf(lesson));
    if (from) {
      unmatchedSource.delete(from);
      marks.result.set(lessonKey(lesson), { kind: 'moved-in', text: `Перенесено: было ${placeText(from)}` });
      marks.source.set(lessonKey(from), { kind: 'moved-out', text: `Перенесено на ${placeText(lesson)}` });
    } else marks.result.set(lessonKey(lesson), { kind: 'new', text: 'Нет в исходной версии' });
  }
  for (const lesson of unmatchedSource) marks.source.set(lessonKey(lesson), { kind: 'gone', text: 'Нет в результате' });
  return marks;
}

function weekOf(version: Version | undefined, semester: Schemas['SemesterListItem'] | undefined): string {
  const asked = new URL(location.href).hash.match(/[?&]week=(\d{4}-\d{2}-\d{2})/)?.[1];
  if (isDate(asked)) return mondayOf(asked);
  const today = todayAtUniversity();
  if (!version || !semester) return mondayOf(today);
  if (today < semester.startDate) return mondayOf(semester.startDate);
  if (today > semester.endDate) return mondayOf(semester.startDate);
  return mondayOf(today);
}

/**
 * The week grids of `versionId` (and of `baseVersionId` beside it) for a chosen group, teacher or room.
 * A DRAFT's own grid lets the office move its lessons; `fromDate` is the date a move holds from in a
 * semester that has begun (a run's «Оптимизировать с»; tomorrow when not given).
 */
export function VersionWeeks({ versionId, baseVersionId, fromDate }: { versionId: number; baseVersionId?: number; fromDate?: string }) {
  const [versions, setVersions] = useState<{ version: Version; base?: Version }>();
  const [semester, setSemester] = useState<Schemas['SemesterListItem']>();
  const [pairs, setPairs] = useState<Pair[]>();
  const [failure, setFailure] = useState<string>();
  const [kind, setKind] = useState<Kind>('group');
  const [chosen, setChosen] = useState<Choice>();
  const [monday, setMonday] = useState<string>();
  const kindName = useId('week-kind');
  const dateId = useId('week-of');

  useEffect(() => {
    void (async () => {
      try {
        const [version, base, semesters, cells] = await Promise.all([
          data(api.GET('/api/edu-office/schedule/versions/{id}', { params: { path: { id: versionId } } })),
          baseVersionId ? data(api.GET('/api/edu-office/schedule/versions/{id}', { params: { path: { id: baseVersionId } } })) : Promise.resolve(undefined),
          data(api.GET('/api/schedule/semesters')),
          data(api.GET('/api/admin/schedule-rules/free-cells', { params: { query: { versionId } } })),
        ]);
        const own = semesters.find((item) => item.id === version.semesterId);
        setVersions({ version, base });
        setSemester(own);
        setPairs(cells.pairs);
        setMonday(weekOf(version, own));
      } catch (error) {
        setFailure(messageOf(error));
      }
    })();
  }, [versionId, baseVersionId]);

  if (failure) return <ErrorLine message={`Сетка недели: ${failure}`} />;
  if (!versions || !pairs || !monday) return <Status>Загрузка сетки недели…</Status>;
  const { version, base } = versions;
  const search = KINDS.find((item) => item.kind === kind) as (typeof KINDS)[number];
  const go = (date: string) => isDate(date) && setMonday(mondayOf(date));
  const begun = semester !== undefined && semester.startDate < todayAtUniversity();
  // Never before tomorrow: a run's date that has passed meanwhile would rewrite lessons already given.
  const tomorrow = plusDays(todayAtUniversity(), 1);
  const movesFrom = version.status === 'DRAFT' && begun ? (fromDate && fromDate > tomorrow ? fromDate : tomorrow) : undefined;
  return (
    <div class="version-weeks-frame">
      <div class="filters week-filters">
        <fieldset class="week-kind">
          <legend>Чьё расписание</legend>
          {KINDS.map((item) => (
            <label key={item.kind} class="check">
              <input
                type="radio"
                name={kindName}
                checked={kind === item.kind}
                onChange={() => {
                  setKind(item.kind);
                  setChosen(undefined);
                }}
              />
              {item.label}
            </label>
          ))}
        </fieldset>
        <Picker key={kind} label={`Найти ${search.accusative}`} placeholder="Начните вводить название" search={search.search} chosen={chosen} onPick={setChosen} />
      </div>
      <nav class="week-nav" aria-label="Неделя сетки">
        <button type="button" onClick={() => go(plusDays(monday, -7))}>
          ← Пред. неделя
        </button>
        <button type="button" onClick={() => go(plusDays(monday, 7))}>
          След. неделя →
        </button>
        <label class="date-field" for={dateId}>
          {'Неделя с '}
          <input type="date" id={dateId} value={monday} onChange={(event) => go(event.currentTarget.value)} />
        </label>
      </nav>
      <p class="week-title">{`Неделя ${formatDayMonth(monday)} – ${formatLongDate(plusDays(monday, 6))}`}</p>
      {movesFrom ? <p class="hint">{`Семестр уже идёт: перемещение меняет правило с ${formatShortDate(movesFrom)}, прошедшие занятия остаются как были.`}</p> : null}
      {chosen ? (
        <WeekPair key={`${kind}:${chosen.id}`} kind={kind} chosen={chosen} monday={monday} pairs={pairs} version={version} base={base} movesFrom={movesFrom} begun={begun} />
      ) : (
        <p class="hint">{`Выберите ${search.accusative}, чтобы увидеть неделю.`}</p>
      )}
    </div>
  );
}

type Loaded = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; lessons: Lesson[] };

function loadWeek(versionId: number, kind: Kind, id: number, monday: string): Promise<Lesson[]> {
  const filter = kind === 'group' ? { groupId: id } : kind === 'teacher' ? { teacherId: id } : { classroomId: id };
  return data(
    api.GET('/api/edu-office/schedule/versions/{id}/lessons', {
      params: { path: { id: versionId }, query: { ...filter, startDate: monday, endDate: plusDays(monday, 6) } },
    }),
  );
}

/** One week of one timetable: the version's grid, and its source's beside it when there is one. */
function WeekPair(props: { kind: Kind; chosen: Choice; monday: string; pairs: Pair[]; version: Version; base?: Version; movesFrom?: string; begun: boolean }) {
  const { kind, chosen, monday, pairs, version, base } = props;
  const [own, setOwn] = useState<Loaded>({ state: 'loading' });
  const [source, setSource] = useState<Loaded>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const shownWeek = useRef(monday);
  const [reading, setReading] = useState(false);
  useEffect(() => {
    let current = true;
    setReading(true);
    const started = performance.now();
    // Another week is loading at once; after a move the week stays on screen until it is read again.
    if (shownWeek.current !== monday) {
      shownWeek.current = monday;
      setOwn({ state: 'loading' });
      setSource({ state: 'loading' });
    }
    void Promise.all([loadWeek(version.id, kind, chosen.id, monday), base ? loadWeek(base.id, kind, chosen.id, monday) : Promise.resolve([])]).then(
      ([mine, theirs]) => {
        if (!current) return;
        setOwn({ state: 'done', lessons: mine });
        setSource({ state: 'done', lessons: theirs });
        setReading(false);
        // For docs/performance.md: from asking to both grids on screen.
        performance.measure('timetable:version-week', { start: started });
      },
      (error: unknown) => {
        if (!current) return;
        setOwn({ state: 'error', message: messageOf(error) });
        setReading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [monday, round]);

  if (own.state === 'error') return <ErrorLine message={own.message} />;
  if (own.state === 'loading' || source.state !== 'done') return <Status>Загрузка недели…</Status>;
  const marks = base ? compareWeeks(source.lessons, own.lessons) : undefined;
  const movedCount = marks ? [...marks.result.values()].filter((mark) => mark.kind !== 'changed').length : 0;
  return (
    <>
      {marks ? <p class="hint compare-summary" role="status">{movedCount ? `На этой неделе по-другому стоят занятий: ${movedCount}.` : 'На этой неделе занятия стоят так же, как в исходной версии.'}</p> : null}
      <div class={`version-weeks${base ? ' side-by-side' : ''}`} aria-busy={reading ? 'true' : undefined}>
        {base ? <WeekTable title={`Исходная: №${base.versionNumber} «${base.name}»`} monday={monday} pairs={pairs} lessons={source.lessons} marks={marks?.source} /> : null}
        <WeekTable
          title={`${base ? 'Результат' : 'Версия'}: №${version.versionNumber} «${version.name}»`}
          monday={monday}
          pairs={pairs}
          lessons={own.lessons}
          marks={marks?.result}
          move={version.status === 'DRAFT' ? { version, movesFrom: props.movesFrom, begun: props.begun, onMoved: () => (setReading(true), setRound(round + 1)) } : undefined}
        />
      </div>
    </>
  );
}

interface MoveSetup {
  version: Version;
  movesFrom?: string;
  begun: boolean;
  onMoved: () => void;
}

/** A lesson being moved: its rule and slot, and the free-cell answer for them once it comes. */
interface Picked {
  lesson: Lesson;
  rule?: Rule;
  cells?: Cells;
}

function WeekTable({ title, monday, pairs, lessons, marks, move }: { title: string; monday: string; pairs: Pair[]; lessons: Lesson[]; marks?: Map<string, Mark>; move?: MoveSetup }) {
  const [picked, setPicked] = useState<Picked>();
  const [cursor, setCursor] = useState<{ day: number; slot: number }>();
  const [refusal, setRefusal] = useState<{ key: string; message: string }>();
  const [notice, setNotice] = useState<string>();
  const [reasonsOf, setReasonsOf] = useState<Cell>();
  const [busy, setBusy] = useState(false);
  const [hover, setHover] = useState<string>();
  const frame = useRef<HTMLDivElement>(null);
  /** Where a drag was let go («day:slot», or «nowhere»), until the dragged lesson's rule has come. */
  const dropped = useRef<string>();
  const titleId = useId('week-table');
  const days = lessons.some((lesson) => lesson.dayOfWeek === 7) ? 7 : 6;
  const at = (day: number, slot: number) => lessons.filter((lesson) => lesson.dayOfWeek === day && lesson.timeSlotId === slot);
  const cellOf = (day: number, slot: number) => picked?.cells?.cells.find((cell) => cell.dayOfWeek === day && cell.timeSlotId === slot);

  // After a pick or an arrow, the focus follows the cursor (a keyboard user sees where Enter moves to).
  useEffect(() => {
    if (!cursor) return;
    frame.current?.querySelector<HTMLButtonElement>(`[data-target="${cursor.day}:${cursor.slot}"]`)?.focus();
  }, [cursor?.day, cursor?.slot, picked?.cells]);

  async function pick(lesson: Lesson) {
    if (!move) return;
    setRefusal(undefined);
    setNotice(undefined);
    setReasonsOf(undefined);
    setPicked({ lesson });
    setCursor({ day: lesson.dayOfWeek, slot: lesson.timeSlotId });
    try {
      const rule = await data(api.GET('/api/admin/schedule-rules/{id}', { params: { path: { id: lesson.scheduleRuleId } } }));
      const slot = rule.slots.find((item) => item.id === lesson.scheduleRuleSlotId);
      if (!slot) throw new MoveRefusal('Это занятие из прежнего периода правила: его место меняют в редакторе правила');
      const cells = await data(
        api.GET('/api/admin/schedule-rules/free-cells', {
          params: {
            query: {
              versionId: move.version.id,
              groupIds: rule.groupIds,
              subgroupIds: slot.subgroupIds,
              teacherId: slot.teacherId,
              classroomId: slot.classroomId ?? undefined,
              lessonTypeId: slot.lessonTypeId,
              subjectId: rule.subjectId,
              parity: slot.parity,
              excludeRuleId: rule.id,
            },
          },
        }),
      );
      setPicked((current) => (current?.lesson === lesson ? { lesson, rule, cells } : current));
    } catch (error) {
      setPicked(undefined);
      setCursor(undefined);
      dropped.current = undefined;
      setRefusal({ key: lessonKey(lesson), message: error instanceof MoveRefusal ? error.message : messageOf(error) });
    }
  }

  function cancel() {
    const lesson = picked?.lesson;
    setPicked(undefined);
    setCursor(undefined);
    setHover(undefined);
    if (lesson) frame.current?.querySelector<HTMLButtonElement>(`[data-move="${lessonKey(lesson)}"]`)?.focus();
  }

  async function moveTo(day: number, slotId: number) {
    if (!move || !picked?.rule || busy) return;
    const { lesson, rule } = picked;
    const key = lessonKey(lesson);
    if (day === lesson.dayOfWeek && slotId === lesson.timeSlotId) return cancel();
    const pair = pairs.find((item) => item.timeSlotId === slotId);
    setBusy(true);
    try {
      await data(
        api.PUT('/api/admin/schedule-rules/{id}', {
          params: { path: { id: rule.id } },
          body: {
            scheduleVersionId: rule.scheduleVersionId,
            semesterId: rule.semesterId,
            subjectId: rule.subjectId,
            lectureAcademicHours: rule.lectureAcademicHours,
            practiceAcademicHours: rule.practiceAcademicHours,
            laboratoryAcademicHours: rule.laboratoryAcademicHours,
            lectureStartWeek: rule.lectureStartWeek,
            practiceStartWeek: rule.practiceStartWeek,
            laboratoryStartWeek: rule.laboratoryStartWeek,
            groupIds: rule.groupIds,
            slots: rule.slots.map((slot) => ({
              id: slot.id,
              dayOfWeek: slot.id === lesson.scheduleRuleSlotId ? day : slot.dayOfWeek,
              timeSlotId: slot.id === lesson.scheduleRuleSlotId ? slotId : slot.timeSlotId,
              parity: slot.parity,
              teacherId: slot.teacherId,
              classroomId: slot.classroomId,
              lessonTypeId: slot.lessonTypeId,
              subgroupIds: slot.subgroupIds,
              lessonFormat: slot.lessonFormat,
            })),
            ...(move.movesFrom ? { effectiveFrom: move.movesFrom } : {}),
          },
        }),
      );
      setPicked(undefined);
      setCursor(undefined);
      setNotice(`«${lesson.subjectName}» перемещено: ${GRID_DAY_WORDS[day - 1]}, ${pair?.orderNumber ?? ''}-я пара${move.movesFrom ? `, с ${formatShortDate(move.movesFrom)}` : ''}.`);
      move.onMoved();
    } catch (error) {
      // The API's refusal, next to the lesson; the lesson stays where it was.
      setPicked(undefined);
      setCursor(undefined);
      // The API's message names the rule in the way and why (a clash's reasons are in it already).
      setRefusal({ key, message: `Не перемещено на ${GRID_DAY_WORDS[day - 1]}, ${pair?.orderNumber ?? ''}-ю пару: ${messageOf(error)}` });
      frame.current?.querySelector<HTMLButtonElement>(`[data-move="${key}"]`)?.focus();
    } finally {
      setBusy(false);
      setHover(undefined);
    }
  }

  function onCellKey(event: KeyboardEvent, day: number, slot: number) {
    const step: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (event.key === 'Escape') {
      event.preventDefault();
      return cancel();
    }
    const delta = step[event.key];
    if (!delta) return;
    event.preventDefault();
    // From the cursor, not from the focused cell: keys pressed faster than the focus follows still add up.
    setCursor((last) => {
      const from = last ?? { day, slot };
      const row = pairs.findIndex((pair) => pair.timeSlotId === from.slot);
      const nextDay = Math.min(Math.max(from.day + delta[0], 1), days);
      const nextRow = Math.min(Math.max(row + delta[1], 0), pairs.length - 1);
      return { day: nextDay, slot: pairs[nextRow].timeSlotId };
    });
  }

  // Dragging with a mouse or pen: the lesson follows the pointer over the cells, dropped where it is let go.
  function startDrag(event: PointerEvent, lesson: Lesson) {
    if (!move || event.pointerType === 'touch' || event.button !== 0) return;
    const start = { x: event.clientX, y: event.clientY };
    let dragging = false;
    // Any point of a cell of this grid is a place to drop on.
    const targetAt = (x: number, y: number) => {
      const cell = document.elementFromPoint(x, y)?.closest<HTMLElement>('td[data-cell]');
      return cell && frame.current?.contains(cell) ? cell.dataset.cell : undefined;
    };
    const onMove = (moved: PointerEvent) => {
      if (!dragging && Math.hypot(moved.clientX - start.x, moved.clientY - start.y) > 6) {
        dragging = true;
        void pick(lesson);
      }
      if (dragging) setHover(targetAt(moved.clientX, moved.clientY));
    };
    const onUp = (up: PointerEvent) => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      if (!dragging) return;
      dropped.current = targetAt(up.clientX, up.clientY) ?? 'nowhere';
      setHover(undefined);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
  }
  // A drop waits for the picked lesson's rule (asked when the drag began).
  useEffect(() => {
    const target = dropped.current;
    if (!target || !picked?.cells) return;
    dropped.current = undefined;
    if (target === 'nowhere') return cancel();
    const [day, slot] = target.split(':').map(Number);
    void moveTo(day, slot);
  });

  return (
    <section class="panel week-table" aria-labelledby={titleId} ref={frame} data-version={move?.version.id}>
      <h3 id={titleId}>{title}</h3>
      {move ? (
        <p class="hint">
          Перетащите занятие в другую клетку или нажмите «Переместить» и выберите клетку (стрелки и Enter с клавиатуры, Escape — отмена).
        </p>
      ) : null}
      {notice ? (
        <p class="notice notice-info" role="status">
          {notice}
        </p>
      ) : null}
      {picked ? (
        <p class="notice notice-info" role="status" id={`${titleId}-picking`}>
          {picked.cells
            ? `Куда переместить «${picked.lesson.subjectName}» (${placeText(picked.lesson)})? Свободных клеток: ${picked.cells.cells.filter((cell) => cell.free).length}.`
            : 'Проверяем свободные клетки…'}{' '}
          <button type="button" class="link-button" onClick={cancel}>
            Отмена
          </button>
        </p>
      ) : null}
      {/* Focusable: on a phone the grid scrolls sideways, also from the keyboard. */}
      <div class="table-scroll" tabIndex={0} role="region" aria-label={`Сетка недели: ${title}`}>
        <table class={`data-table version-week-grid${picked ? ' picking' : ''}`}>
          <caption class="visually-hidden">{`${title}: неделя с ${formatDayMonth(monday)}`}</caption>
          <WeekGridHead days={days} monday={monday} />
          <tbody>
            {pairs.map((pair) => (
              <tr key={pair.timeSlotId}>
                <PairHead pair={pair} />
                {Array.from({ length: days }, (_, index) => index + 1).map((day) => {
                  const here = at(day, pair.timeSlotId);
                  const cell = cellOf(day, pair.timeSlotId);
                  const target = `${day}:${pair.timeSlotId}`;
                  const where = `${GRID_DAY_WORDS[day - 1]}, ${pair.orderNumber}-я пара`;
                  const own = picked && picked.lesson.dayOfWeek === day && picked.lesson.timeSlotId === pair.timeSlotId;
                  const state = !picked ? '' : own ? ' cell-own' : cell ? (cell.free ? ' cell-free' : ' cell-busy') : '';
                  const reason = cell?.reasons[0]?.kind ?? '';
                  return (
                    <td key={day} class={`week-cell${state}${hover === target ? ' cell-hover' : ''}`} data-cell={target}>
                      {here.map((lesson) => (
                        <LessonCard
                          key={lessonKey(lesson)}
                          lesson={lesson}
                          mark={marks?.get(lessonKey(lesson))}
                          refusal={refusal?.key === lessonKey(lesson) ? refusal.message : undefined}
                          movable={move ? !(move.movesFrom && lesson.date < move.movesFrom) && !lesson.overrideAction : false}
                          picked={picked?.lesson === lesson}
                          onPick={() => void pick(lesson)}
                          onDragStart={(event) => startDrag(event, lesson)}
                        />
                      ))}
                      {picked?.cells && cell ? (
                        <button
                          type="button"
                          class="cell-button move-target"
                          data-target={target}
                          tabIndex={cursor?.day === day && cursor.slot === pair.timeSlotId ? 0 : -1}
                          disabled={busy}
                          onKeyDown={(event) => onCellKey(event, day, pair.timeSlotId)}
                          onClick={() => void moveTo(day, pair.timeSlotId)}
                        >
                          <span class="visually-hidden">{`${own ? 'Оставить здесь' : 'Переместить сюда'}: ${where}${own ? '' : cell.free ? ', свободно' : `, ${REASON_WORDS[reason] ?? 'занято'}`}`}</span>
                          <span aria-hidden="true">{own ? '•' : cell.free ? '✓' : (REASON_MARKS[reason] ?? '×')}</span>
                        </button>
                      ) : null}
                      {picked?.cells && cell && !cell.free && !own ? (
                        <button type="button" class="link-button why-busy" onClick={() => setReasonsOf(cell)} aria-label={`Почему занято: ${where}`}>
                          ?
                        </button>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {picked?.cells ? <p class="hint cell-legend">✓ свободно · П — занят преподаватель · А — занята аудитория · Г — занята группа · ПГ — подгруппа · Н — преподаватель недоступен · — нет занятий</p> : null}
      {reasonsOf ? (
        <section class="notice notice-warning cell-reasons" aria-live="polite">
          <h4>{`Почему не ${GRID_DAY_WORDS[reasonsOf.dayOfWeek - 1]}, ${pairs.find((pair) => pair.timeSlotId === reasonsOf.timeSlotId)?.orderNumber ?? ''}-я пара`}</h4>
          <ul>
            {reasonsOf.reasons.map((reason) => (
              <li key={reason.text}>{reason.text}</li>
            ))}
          </ul>
          <button type="button" onClick={() => setReasonsOf(undefined)}>
            Скрыть
          </button>
        </section>
      ) : null}
    </section>
  );
}

function LessonCard(props: {
  lesson: Lesson;
  mark?: Mark;
  refusal?: string;
  movable: boolean;
  picked: boolean;
  onPick: () => void;
  onDragStart: (event: PointerEvent) => void;
}) {
  const { lesson, mark, refusal, movable, picked } = props;
  const key = lessonKey(lesson);
  return (
    <div
      class={`week-lesson${mark ? ` mark-${mark.kind}` : ''}${picked ? ' lesson-picked' : ''}${movable ? ' lesson-movable' : ''}`}
      data-lesson={key}
      data-subject={lesson.subjectName}
      onPointerDown={movable ? props.onDragStart : undefined}
    >
      <p class="lesson-subject">{lesson.subjectName}</p>
      <p class="lesson-detail">{`${lesson.lessonTypeName}, ${lesson.classroomName}`}</p>
      <p class="lesson-detail">{lesson.teacherName}</p>
      <p class="lesson-detail">{[...lesson.groupNames, ...lesson.subgroupNames].join(', ')}</p>
      {mark ? <p class={`badge badge-${mark.kind}`}>{mark.text}</p> : null}
      {lesson.overrideAction ? <p class="badge badge-moved">Разовое изменение</p> : null}
      {movable ? (
        <button type="button" class="move-lesson" data-move={key} aria-pressed={picked} onClick={props.onPick}>
          Переместить<span class="visually-hidden">{` «${lesson.subjectName}», ${placeText(lesson)}`}</span>
        </button>
      ) : null}
      {refusal ? (
        <p class="error move-refusal" role="alert">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}

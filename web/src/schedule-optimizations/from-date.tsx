// «Оптимизировать с» (issue 53): in a running semester the solver changes the timetable from a date
// on, tomorrow by default; lessons before it stay. A date before tomorrow would let the result rewrite
// lessons already given, so it is asked once more, in the page. Before the semester begins there is
// nothing given and no date is asked (the API takes the semester's first day).
import { useState } from 'preact/hooks';
import { formatDayMonth, formatLongDate, isDate, todayAtUniversity } from '../shared/dates';
import { useConfirm } from '../shared/confirm';
import { apiField } from '../shared/field-errors';
import { messageOf } from '../shared/errors';
import { ErrorLine, useId } from '../shared/ui';
import { changesPast, defaultEffectiveFrom, type SemesterDays } from '../schedule-rules';

/** The date, whether it is shown, the question for a past date, and a refusal at `fromDate` kept beside the field. */
export function useFromDate(semester: SemesterDays | undefined) {
  const running = semester !== undefined && semester.startDate < todayAtUniversity() && todayAtUniversity() <= semester.endDate;
  const [value, setValue] = useState(() => (semester ? defaultEffectiveFrom(semester) : ''));
  const [error, setError] = useState<string>();
  const { ask, dialog } = useConfirm();
  return {
    shown: running,
    value,
    error,
    semester,
    dialog,
    set(date: string) {
      setValue(date);
      setError(undefined);
    },
    /** Whether to go on: a complete date, and a date before tomorrow confirmed in the page. */
    async confirmed(): Promise<boolean> {
      if (!running || !semester) return true;
      if (!isDate(value)) {
        setError('Укажите дату полностью: день, месяц и год');
        return false;
      }
      if (!changesPast(value, semester)) return true;
      return ask({
        title: 'Оптимизировать и прошедшие занятия?',
        lines: [
          `Дата раньше завтрашней: расчёт сможет переставить уже прошедшие занятия с ${formatDayMonth(value)}${value <= todayAtUniversity() ? ` по ${formatDayMonth(todayAtUniversity())}` : ''}.`,
          'Результат расчёта — черновик: прошедшие занятия изменятся, только если опубликовать его с этой даты.',
        ],
        confirmText: 'Да, оптимизировать с этой даты',
      });
    },
    /** A refusal at `fromDate` is shown at the field (answers whether it was one). */
    refused(failure: unknown): boolean {
      if (apiField(failure) !== 'fromDate') return false;
      setError(messageOf(failure));
      return true;
    },
  };
}

export type FromDate = ReturnType<typeof useFromDate>;

export function FromDateField({ handle }: { handle: FromDate }) {
  const id = useId('optimize-from');
  if (!handle.shown || !handle.semester) return null;
  return (
    <div class={`field field-short${handle.error ? ' field-invalid' : ''}`}>
      <label for={id}>Оптимизировать с</label>
      <input
        id={id}
        type="date"
        required
        min={handle.semester.startDate}
        max={handle.semester.endDate}
        value={handle.value}
        aria-invalid={handle.error ? 'true' : undefined}
        aria-describedby={`${id}-hint`}
        onInput={(event) => handle.set(event.currentTarget.value)}
      />
      <p class="hint" id={`${id}-hint`}>
        {`Занятия до ${isDate(handle.value) ? formatLongDate(handle.value) : 'этой даты'} останутся как были; расчёт переставляет только занятия с неё.`}
      </p>
      {handle.error ? <ErrorLine message={handle.error} /> : null}
    </div>
  );
}

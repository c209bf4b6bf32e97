// Archiving a group, subject, teacher or room ends the schedule rules that use it (issue 53): the
// confirmation asks from which day («Завершить правила с», tomorrow by default), lists the rules that
// end (the API's archive-preview, asked again when the date changes) with their version, the day they
// end from, the lessons that go and the one-off changes deleted with them, and archives only on
// the button that says so. A refusal stays in the dialog, at the date when it is about the date.
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, data, type Schemas } from '../api/client';
import { formatLongDate, isDate, plusDays, todayAtUniversity } from './dates';
import { messageOf } from './errors';
import { ErrorLine, useId } from './ui';

type Ending = Schemas['RuleEndingResponse'];

/** The record whose archive ends rules: exactly one id. */
export type ArchivedRecord = { groupId: number } | { subjectId: number } | { teacherId: number } | { classroomId: number };

const ACTIONS: Record<string, string> = { CANCEL: 'отмена', RESCHEDULE: 'перенос', REPLACE: 'замена' };
const dayDot = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

/** «№12 «Физика», ИВТ-101 — опубликованное расписание: с 02.10.2026 занятий не будет (12)». */
function endingLine(ending: Ending): string {
  const where = ending.versionStatus === 'PUBLISHED' ? 'опубликованное расписание' : `черновик «${ending.versionName}»`;
  const what = ending.scope === 'RULE' ? 'правило завершается' : `завершаются только слоты этой записи (${ending.slotIds.length}), часы правила уменьшатся на их занятия`;
  return `№${ending.ruleId} «${ending.subjectName}», ${ending.groupNames.join(', ')} — ${where}: с ${formatLongDate(ending.endsFrom)} ${what}; занятий уйдёт: ${ending.lessonsEnded}`;
}

export function RuleEndingsConfirm({
  record,
  question,
  confirmText,
  run,
  onDone,
  onCancel,
}: {
  record: ArchivedRecord;
  question: string;
  confirmText: string;
  /** Archives with the chosen date. */
  run: (effectiveFrom: string) => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const dateId = useId('rules-end-from');
  const [date, setDate] = useState(plusDays(todayAtUniversity(), 1));
  const [endings, setEndings] = useState<Ending[]>();
  const [listError, setListError] = useState<string>();
  const [dateError, setDateError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!isDate(date)) return;
    let current = true;
    setEndings(undefined);
    setListError(undefined);
    data(api.GET('/api/admin/schedule-rules/archive-preview', { params: { query: { ...record, effectiveFrom: date } } })).then(
      (answer) => current && setEndings(answer.endedRules),
      (failure: unknown) => {
        if (!current) return;
        const field = failure instanceof ApiError ? (failure.body as { field?: string } | undefined)?.field : undefined;
        if (field === 'effectiveFrom') setDateError(messageOf(failure));
        else setListError(messageOf(failure));
      },
    );
    return () => {
      current = false;
    };
  }, [date, JSON.stringify(record)]);

  const go = () => {
    setBusy(true);
    setError(undefined);
    run(date).then(onDone, (failure: unknown) => {
      setBusy(false);
      const field = failure instanceof ApiError ? (failure.body as { field?: string } | undefined)?.field : undefined;
      if (field === 'effectiveFrom') setDateError(messageOf(failure));
      else setError(messageOf(failure));
    });
  };

  return (
    <div class="confirm-body rule-endings">
      <p>{question}</p>
      <div class={`field field-short${dateError ? ' field-invalid' : ''}`}>
        <label for={dateId}>Завершить правила с</label>
        <input
          id={dateId}
          type="date"
          required
          value={date}
          aria-invalid={dateError ? 'true' : undefined}
          aria-describedby={`${dateId}-hint`}
          onInput={(event) => {
            setDateError(undefined);
            setDate(event.currentTarget.value);
          }}
        />
        <p class="hint" id={`${dateId}-hint`}>
          {isDate(date) ? `Занятия до ${formatLongDate(date)} останутся как были.` : 'Укажите дату в формате ДД.ММ.ГГГГ.'}
        </p>
        {dateError ? <ErrorLine message={dateError} /> : null}
      </div>
      <section aria-live="polite" aria-label="Правила, которые завершатся">
        {listError ? <ErrorLine message={listError} /> : null}
        {!listError && isDate(date) && endings === undefined ? <p class="hint">Ищем правила расписания с этой записью…</p> : null}
        {endings?.length === 0 ? <p>Правил расписания с этой записью нет: расписание не изменится.</p> : null}
        {endings && endings.length > 0 ? (
          <>
            <p>{`Завершатся правила расписания (${endings.length}); прошедшие занятия останутся:`}</p>
            <ul class="rule-endings-list">
              {endings.map((ending) => (
                <li key={`${ending.scheduleVersionId}-${ending.ruleId}`}>
                  {endingLine(ending)}
                  {ending.droppedOverrides.length > 0 ? (
                    <span class="hint">
                      {` Удалятся разовые изменения этих занятий: ${ending.droppedOverrides.map((item) => `${dayDot(item.lessonDate)} (${ACTIONS[item.action] ?? item.action})`).join(', ')}.`}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      {error ? <ErrorLine message={error} /> : null}
      <div class="row-actions">
        <button type="button" class="primary" disabled={busy || !isDate(date) || (endings === undefined && !listError)} onClick={go}>
          {confirmText}
        </button>
        <button type="button" onClick={onCancel}>
          Отмена
        </button>
      </div>
    </div>
  );
}

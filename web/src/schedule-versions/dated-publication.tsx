// Publishing a draft over the current publication from a date (issue 53): «Действует с» (tomorrow in
// a semester that has begun, its first day before), what changes from that date (the diff counts
// lessons from it only; what was given stays), the one-off changes that no longer match with the
// office's choice for each, the replacements the draft makes empty (deleted, listed read-only), and
// a date before tomorrow asked once more, naming the given lessons it changes. Validation and the
// diff are asked again, a moment after the date is complete.
import { useEffect, useState } from 'preact/hooks';
import { ApiError, api, data, type Schemas } from '../api/client';
import { Dialog } from '../shared/dialog';
import { messageOf } from '../shared/errors';
import { apiField, topField } from '../shared/field-errors';
import { formatLongDate, formatShortDate, isDate, plusDays, todayAtUniversity } from '../shared/dates';
import { affectedRequestLine, type AffectedRequest } from '../shared/affected-requests';
import { ErrorLine, Status, useId, useLoad } from '../shared/ui';
import type { Version } from '../shared/version-choice';
import { VersionDiff } from './diff-view';

type Semester = Schemas['SemesterListItem'];
type Unmatched = Schemas['UnmatchedOverrideResponse'];
type Decision = Schemas['PublishOverrideDecision']['decision'];

const ACTION_NAMES: Record<Unmatched['action'], string> = { CANCEL: 'Отмена занятия', MOVE: 'Перенос занятия', REPLACE: 'Замена' };
/** How long the date must rest before validation and the diff are asked again (typing a date). */
const SETTLE_MS = 400;

/** Tomorrow at the university in a semester that has begun, else its first day; never past its last. */
export function defaultEffectiveFrom(semester: Pick<Semester, 'startDate' | 'endDate'>, today = todayAtUniversity()): string {
  if (today < semester.startDate) return semester.startDate;
  const tomorrow = plusDays(today, 1);
  return tomorrow > semester.endDate ? semester.endDate : tomorrow;
}

/** The refusal's place: the date, the list of one-off changes, the reason, or the whole form. */
type Place = 'effectiveFrom' | 'overrideDecisions' | 'reason' | 'form';

export function DatedPublication({
  version,
  published,
  semester,
  onClose,
  onDone,
}: {
  version: Version;
  published: Version;
  semester: Semester;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  // A solver's result was made from a date (issue 53): published from it, unless it has passed.
  const [typed, setTyped] = useState(() => {
    const usual = defaultEffectiveFrom(semester);
    return version.solverFromDate && version.solverFromDate > usual ? version.solverFromDate : usual;
  });
  const [from, setFrom] = useState(typed);
  const [reason, setReason] = useState('');
  const [decisions, setDecisions] = useState<Record<number, Decision>>({});
  const [refused, setRefused] = useState<{ place: Place; message: string }>();
  // Undecided changes named by a 409 of the publication itself (newer than the last validation).
  const [refusedUnmatched, setRefusedUnmatched] = useState<Unmatched[]>();
  const [refusedAffected, setRefusedAffected] = useState<AffectedRequest[]>();
  const [askPast, setAskPast] = useState(false);
  const [busy, setBusy] = useState(false);
  const ids = { date: useId('publish-from'), reason: useId('publish-reason'), list: useId('publish-overrides') };
  const today = todayAtUniversity();
  const tomorrow = plusDays(today, 1);

  // Only a complete date is asked about, and only once typing has paused.
  useEffect(() => {
    if (!isDate(typed) || typed === from) return;
    const timer = setTimeout(() => setFrom(typed), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  useEffect(() => {
    setRefusedUnmatched(undefined);
    setRefusedAffected(undefined);
    setAskPast(false);
  }, [from]);

  const report = useLoad(
    () => data(api.GET('/api/edu-office/schedule/versions/{id}/validate', { params: { path: { id: version.id }, query: { effectiveFrom: from } } })),
    [version.id, from],
  );
  const checked = report.state === 'done' ? report.data : undefined;
  const unmatched = refusedUnmatched ?? checked?.unmatchedOverrides ?? [];
  // Replacements the draft makes empty: deleted by the publication, nothing to choose (shown read-only).
  const redundant = checked?.redundantOverrides ?? [];
  // Teachers' requests and absence decisions on lessons from the date: settled by the publication itself (read-only).
  const affected = refusedAffected ?? checked?.affectedRequests ?? [];
  const blocking = checked ? checked.problems.filter((problem) => problem.type !== 'PAST_LESSONS') : [];
  const settled = isDate(typed) && typed === from;

  const errorAt = (place: Place) => (refused?.place === place ? refused.message : undefined);
  const dateError = errorAt('effectiveFrom') ?? (report.state === 'error' && settled ? report.message : undefined);

  function choose(overrideId: number, decision: Decision) {
    setDecisions({ ...decisions, [overrideId]: decision });
    if (refused?.place === 'overrideDecisions') setRefused(undefined);
  }

  function submit(event: Event) {
    event.preventDefault();
    setRefused(undefined);
    if (!isDate(typed)) return setRefused({ place: 'effectiveFrom', message: 'Укажите дату полностью: день, месяц и год' });
    if (!reason.trim()) return setRefused({ place: 'reason', message: 'Укажите причину: она попадёт в историю версий' });
    if (!settled || report.state !== 'done') return setRefused({ place: 'form', message: 'Дождитесь проверки версии с этой даты' });
    if (unmatched.some((item) => !decisions[item.overrideId])) {
      return setRefused({ place: 'overrideDecisions', message: 'Выберите для каждого разового изменения: оставить его или удалить' });
    }
    // A date before tomorrow rewrites lessons already given: asked once more, in the page.
    if (from < tomorrow && !askPast) return setAskPast(true);
    void publish();
  }

  async function publish() {
    setBusy(true);
    try {
      const overrideDecisions = unmatched.map((item) => ({ overrideId: item.overrideId, decision: decisions[item.overrideId] }));
      const done = await data(
        api.POST('/api/edu-office/schedule/versions/{id}/publish', {
          params: { path: { id: version.id } },
          body: { reason: reason.trim(), effectiveFrom: from, overrideDecisions },
        }),
      );
      onDone(
        `Версия №${done.versionNumber} «${done.name}» опубликована с ${formatLongDate(from)}: занятия до этой даты остались прежними; ` +
          `версия №${published.versionNumber} «${published.name}» отправлена в архив.`,
      );
    } catch (error) {
      setAskPast(false);
      const body = error instanceof ApiError && error.body && typeof error.body === 'object' ? (error.body as { unmatchedOverrides?: Unmatched[]; affectedRequests?: AffectedRequest[] }) : undefined;
      if (body?.unmatchedOverrides) {
        setRefusedUnmatched(body.unmatchedOverrides);
        setRefusedAffected(body.affectedRequests ?? []);
        setRefused({ place: 'overrideDecisions', message: messageOf(error) });
      } else {
        const field = apiField(error);
        const place = field ? topField(field) : undefined;
        setRefused({ place: place === 'effectiveFrom' || place === 'overrideDecisions' || place === 'reason' ? place : 'form', message: messageOf(error) });
      }
    } finally {
      setBusy(false);
    }
  }

  const listError = errorAt('overrideDecisions');
  const reasonError = errorAt('reason');
  return (
    <Dialog title={`Опубликовать версию №${version.versionNumber} «${version.name}»`} open onClose={onClose}>
      <form class="promotion dated-publication" noValidate onSubmit={submit} aria-label="Опубликовать версию">
        <div class={`field${dateError ? ' field-invalid' : ''}`}>
          <label for={ids.date}>Действует с</label>
          <input
            id={ids.date}
            type="date"
            value={typed}
            min={semester.startDate}
            max={semester.endDate}
            required
            aria-invalid={dateError ? 'true' : undefined}
            aria-describedby={`${ids.date}-hint${dateError ? ` ${ids.date}-error` : ''}`}
            onInput={(event) => {
              setTyped(event.currentTarget.value);
              if (refused?.place === 'effectiveFrom') setRefused(undefined);
            }}
          />
          <p class="hint" id={`${ids.date}-hint`}>
            {isDate(typed)
              ? `Занятия до ${formatLongDate(typed)} останутся такими, какими были; с этой даты — как в черновике.`
              : 'Занятия до этой даты останутся такими, какими были.'}
          </p>
          {dateError ? <ErrorLine id={`${ids.date}-error`} message={dateError} /> : null}
        </div>

        {/* A date the validation refused is shown at the date; the diff would only repeat it. */}
        {!settled ? <Status>Укажите дату полностью…</Status> : null}
        {settled && report.state !== 'error' ? (
          <>
            <h3>Что изменится</h3>
            <p class="hint">{`По сравнению с опубликованной версией №${published.versionNumber} «${published.name}», занятия с ${formatLongDate(from)}:`}</p>
            <VersionDiff versionId={version.id} baseVersionId={published.id} effectiveFrom={from} />
          </>
        ) : null}

        {settled && report.state === 'loading' ? <Status>Проверка версии с этой даты…</Status> : null}
        {settled && checked ? (
          <>
            {blocking.length ? (
              <div class="notice notice-warning" role="status">
                <p>{`Проблем: ${blocking.length}${checked.problemsTruncated ? ' (показаны не все)' : ''}. Публикация будет отклонена, пока они есть.`}</p>
                <ul class="problem-list">
                  {blocking.slice(0, 5).map((problem, index) => (
                    <li key={index}>{problem.message}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {from < tomorrow && checked.pastLessonCount > 0 ? (
              <p class="notice notice-warning" id="past-lessons">{`С этой даты изменятся и уже прошедшие занятия: ${checked.pastLessonCount}.`}</p>
            ) : null}
          </>
        ) : null}

        {unmatched.length ? (
          <fieldset class={`override-choices${listError ? ' field-invalid' : ''}`} id={ids.list} aria-describedby={listError ? `${ids.list}-error` : undefined}>
            <legend>{`Разовые изменения, которые больше не совпадают с занятием: ${unmatched.length}`}</legend>
            <ul>
              {unmatched.map((item) => (
                <li key={item.overrideId} data-override={item.overrideId}>
                  <p>{`${ACTION_NAMES[item.action]} ${formatShortDate(item.lessonDate)} (разовое изменение №${item.overrideId}): ${item.reason}`}</p>
                  <div class="choice-row" role="radiogroup" aria-label={`Разовое изменение №${item.overrideId}`}>
                    <label class={item.keepable ? undefined : 'disabled'}>
                      <input
                        type="radio"
                        name={`override-${item.overrideId}`}
                        value="KEEP"
                        disabled={!item.keepable}
                        checked={decisions[item.overrideId] === 'KEEP'}
                        onChange={() => choose(item.overrideId, 'KEEP')}
                      />
                      {' оставить на занятии этой недели'}
                    </label>
                    <label>
                      <input type="radio" name={`override-${item.overrideId}`} value="DROP" checked={decisions[item.overrideId] === 'DROP'} onChange={() => choose(item.overrideId, 'DROP')} />
                      {' удалить'}
                    </label>
                  </div>
                  {item.keepable ? null : <p class="hint">Оставить нельзя: в эту неделю у правила нет занятия, к которому его отнести.</p>}
                </li>
              ))}
            </ul>
            {listError ? <ErrorLine id={`${ids.list}-error`} message={listError} /> : null}
          </fieldset>
        ) : null}

        {redundant.length ? (
          <section class="notice redundant-overrides" aria-labelledby={`${ids.list}-redundant`}>
            <h3 id={`${ids.list}-redundant`}>{`Замены, которые станут лишними: ${redundant.length}`}</h3>
            <ul>
              {redundant.map((item) => (
                <li key={item.overrideId} data-override={item.overrideId}>
                  {`Замена ${formatShortDate(item.lessonDate)} (разовое изменение №${item.overrideId}) больше ничего не меняет и будет удалена: ` +
                    'с этой даты у занятия уже те же преподаватель, аудитория и формат.'}
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {affected.length ? (
          <section class="affected-requests" aria-labelledby={`${ids.list}-requests`} data-testid="affected-requests">
            <h3 id={`${ids.list}-requests`}>{`Заявки преподавателей и решения по отсутствиям на занятия с этой даты: ${affected.length}`}</h3>
            <ul>
              {affected.map((item) => (
                <li key={`${item.kind}-${item.id}`} data-outcome={item.outcome}>
                  {affectedRequestLine(item)}
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <div class={`field${reasonError ? ' field-invalid' : ''}`}>
          <label for={ids.reason}>Причина (обязательно)</label>
          <textarea
            id={ids.reason}
            rows={2}
            maxLength={1000}
            value={reason}
            aria-invalid={reasonError ? 'true' : undefined}
            aria-describedby={reasonError ? `${ids.reason}-error` : undefined}
            onInput={(event) => setReason(event.currentTarget.value)}
          />
          {reasonError ? <ErrorLine id={`${ids.reason}-error`} message={reasonError} /> : null}
        </div>

        {askPast ? (
          <div class="notice notice-warning past-confirm" role="alertdialog" aria-labelledby={`${ids.date}-past`}>
            <p id={`${ids.date}-past`}>
              {`Дата ${formatLongDate(from)} раньше завтрашнего дня: публикация изменит уже прошедшие занятия (${checked?.pastLessonCount ?? 0}). Так и задумано?`}
            </p>
            <div class="choice-row">
              <button type="button" class="primary" disabled={busy} onClick={() => void publish()}>
                {busy ? 'Отправка…' : 'Да, изменить прошедшие занятия'}
              </button>
              <button type="button" class="link-button" onClick={() => setAskPast(false)}>
                Нет, выбрать другую дату
              </button>
            </div>
          </div>
        ) : (
          <button type="submit" class="primary" disabled={busy}>
            {busy ? 'Отправка…' : 'Опубликовать'}
          </button>
        )}
        {errorAt('form') ? <ErrorLine message={errorAt('form') as string} /> : null}
      </form>
    </Dialog>
  );
}

// /admin/#optimization: «Составить расписание» and «Исправить расписание» (issue 43). The office picks
// a version and a time limit and starts a job; while it runs the screen asks for it every second and
// shows a bar against the time limit, placed of total, hard violations, the best score and its
// penalties as they fall, with «Остановить». At the end: the result draft (its rules), the quality
// before and after, the diff against the source, and each unplaced slot with its reasons and rule;
// why the run ended, and «Удалить черновик» for a result not worth keeping (issue 54 §4).
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatLongDate, formatMoment } from '../shared/dates';
import { messageOf } from '../shared/errors';
import { DataTable } from '../shared/table';
import { ErrorLine, Status, useId, useLoad } from '../shared/ui';
import { useVersionChoice, VersionChoiceFields, type Version } from '../shared/version-choice';
import { RemoveVersion, VersionDiff, VersionWeeks } from '../schedule-versions';
import { LocksPanel, useVersionLocks } from './version-locks';
import { FromDateField, useFromDate } from './from-date';

type Job = Schemas['OptimizationJobResponse'];

const STATUS_NAMES: Record<Job['status'], string> = {
  QUEUED: 'ожидает запуска',
  RUNNING: 'идёт',
  SUCCEEDED: 'готово',
  CANCELLED: 'остановлено',
  FAILED: 'ошибка',
};
const PHASE_NAMES: Record<Job['phase'], string> = {
  QUEUED: 'в очереди',
  LOADING: 'чтение версии',
  CONSTRUCTION: 'начальное размещение',
  IMPROVEMENT: 'улучшение',
  SAVING: 'запись черновика',
  DONE: 'закончено',
};
const STOP_REASON_NAMES: Record<NonNullable<Job['stopReason']>, string> = {
  TIME_LIMIT: 'истекло время расчёта',
  NO_IMPROVEMENT: 'результат перестал улучшаться',
  OPTIMUM: 'все штрафы равны нулю: лучше не бывает',
  CANCELLED: 'остановлен по запросу',
};
const MODE_NAMES: Record<Job['mode'], string> = { GENERATE: 'составление', REPAIR: 'исправление' };
const active = (job: Job) => job.status === 'QUEUED' || job.status === 'RUNNING';
const number = (value: number | null) => (value === null ? '—' : value.toLocaleString('ru-RU', { maximumFractionDigits: 1 }));
/** How often a running job is asked again (it writes its progress about once a second). */
const POLL_MS = 1000;

export default function Optimizations() {
  // Like «Правила»: the newest draft first (a run starts from what the office is preparing).
  const choice = useVersionChoice({ preferDraft: true });
  const { version } = choice;
  const semester = choice.semesters.state === 'done' ? choice.semesters.data.find((item) => item.id === version?.semesterId) : undefined;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Составление расписания</h1>
      <p class="hint">
        Расчёт раскладывает занятия версии по дням, парам и аудиториям без пересечений и с учётом пожеланий преподавателей. Исходная версия не
        меняется: результат сохраняется новым черновиком, его можно проверить, сравнить и опубликовать в «Версиях».
      </p>
      <p class="hint">
        Что считать хорошим расписанием — веса штрафов и жёсткие условия — задаётся в <a href="#solver-settings">«Правилах хорошего расписания»</a>.
      </p>
      <VersionChoiceFields choice={choice} />
      {version ? <VersionJobs key={version.id} version={version} semester={semester} /> : choice.versions.state === 'loading' ? <Status>Загрузка…</Status> : null}
    </section>
  );
}

function VersionJobs({ version, semester }: { version: Version; semester?: { startDate: string; endDate: string } }) {
  const locks = useVersionLocks(version.id);
  const jobs = useLoad(() => data(api.GET('/api/edu-office/schedule/optimizations', { params: { query: { versionId: version.id } } })), [version.id]);
  const [shownId, setShownId] = useState<number>();
  // The list as last loaded stays while it is asked again, so the job shown does not vanish and come back.
  const lastList = useRef<Job[]>([]);
  if (jobs.state === 'done') lastList.current = jobs.data;
  const list = lastList.current;
  const shown = shownId ?? list[0]?.id;
  return (
    <>
      {version.status === 'ARCHIVED' ? (
        <p class="notice notice-warning">Версия в архиве: за основу расчёта берут черновик или опубликованную версию.</p>
      ) : (
        <StartForm version={version} semester={semester} onStarted={(job) => (setShownId(job.id), jobs.reload())} />
      )}
      <LocksPanel versionId={version.id} editable={version.status !== 'ARCHIVED'} locks={locks} />
      {jobs.state === 'error' ? <ErrorLine message={jobs.message} /> : null}
      {shown ? <JobView key={shown} jobId={shown} sourceVersionId={version.id} onChanged={jobs.reload} /> : null}
      {list.length > 1 ? (
        <section class="panel" aria-labelledby="jobs-title">
          <h2 id="jobs-title">Расчёты этой версии</h2>
          <DataTable<Job>
            id="jobs-table"
            caption={`Расчётов: ${list.length}`}
            rows={{ state: 'done', data: list }}
            rowKey={(job) => job.id}
            pageSize={100}
            columns={[
              { title: '№', cell: (job) => job.id },
              { title: 'Вид', cell: (job) => MODE_NAMES[job.mode] },
              { title: 'Состояние', cell: (job) => STATUS_NAMES[job.status] },
              { title: 'Создан', cell: (job) => formatMoment(job.createdAt) },
              { title: 'Оценка', cell: (job) => `${number(job.initialScore)} → ${number(job.bestScore)}` },
              {
                title: 'Действия',
                cell: (job) => (
                  <button type="button" class="link-button" onClick={() => setShownId(job.id)} aria-label={`Показать расчёт №${job.id}`}>
                    Показать
                  </button>
                ),
              },
            ]}
          />
        </section>
      ) : null}
    </>
  );
}

/** The time limit (and, for a repair, the most lessons it may move), then one of the two buttons. */
function StartForm({ version, semester, onStarted }: { version: Version; semester?: { startDate: string; endDate: string }; onStarted: (job: Job) => void }) {
  const from = useFromDate(semester);
  const [seconds, setSeconds] = useState('120');
  const [maxMoved, setMaxMoved] = useState('');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const secondsId = useId('time-limit');
  const movedId = useId('max-moved');

  async function start(mode: Job['mode']) {
    setFailure(undefined);
    // In a running semester the date is always sent; a date before tomorrow is asked once more.
    if (!(await from.confirmed())) return;
    setBusy(true);
    try {
      const job = await data(
        api.POST('/api/edu-office/schedule/versions/{id}/optimizations', {
          params: { path: { id: version.id } },
          body: {
            mode,
            timeLimitSeconds: Number(seconds),
            maxMovedLessons: mode === 'REPAIR' && maxMoved.trim() ? Number(maxMoved) : undefined,
            ...(from.shown ? { fromDate: from.value } : {}),
          },
        }),
      );
      onStarted(job);
    } catch (error) {
      if (!from.refused(error)) setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="panel" aria-labelledby="start-title">
      <h2 id="start-title">Новый расчёт</h2>
      <div class="filters">
        <FromDateField handle={from} />
        <div class={`field${failure ? ' field-invalid' : ''}`}>
          <label for={secondsId}>Время расчёта, секунд (5–3600)</label>
          <input
            id={secondsId}
            type="number"
            min={5}
            max={3600}
            value={seconds}
            aria-invalid={failure ? 'true' : undefined}
            aria-describedby={failure ? 'start-error' : undefined}
            onInput={(event) => setSeconds(event.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for={movedId}>Исправление: переносить не больше занятий</label>
          <input id={movedId} type="number" min={0} value={maxMoved} placeholder="без ограничения" onInput={(event) => setMaxMoved(event.currentTarget.value)} />
        </div>
      </div>
      {failure ? <ErrorLine id="start-error" message={failure} /> : null}
      {from.dialog}
      <div class="row-actions">
        <button type="button" class="primary" disabled={busy} onClick={() => void start('GENERATE')}>
          Составить расписание
        </button>
        <button type="button" disabled={busy} onClick={() => void start('REPAIR')}>
          Исправить расписание
        </button>
      </div>
      <p class="hint">
        «Составить» размещает все неразмещённые занятия и переставляет незакреплённые; «Исправить» начинает с текущего расписания, убирает
        пересечения и недоступности и переносит как можно меньше занятий.
      </p>
    </section>
  );
}

/** One job: asked again every second while it waits or runs; its progress, then its result. */
function JobView({ jobId, sourceVersionId, onChanged }: { jobId: number; sourceVersionId: number; onChanged: () => void }) {
  const [job, setJob] = useState<Job>();
  const [failure, setFailure] = useState<string>();
  const [stopping, setStopping] = useState(false);
  // Asked again after the result draft is deleted (the job then has no result).
  const [round, setRound] = useState(0);
  const [notice, setNotice] = useState<string>();

  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The list beside is asked again only when this job's state changes while it is shown (not on
    // opening a finished job: that would ask for the list, and the list for the job, forever).
    let seenStatus: Job['status'] | undefined;
    const ask = async () => {
      try {
        const answer = await data(api.GET('/api/edu-office/schedule/optimizations/{jobId}', { params: { path: { jobId } } }));
        if (!current) return;
        setJob(answer);
        setFailure(undefined);
        if (seenStatus !== undefined && seenStatus !== answer.status) onChanged();
        seenStatus = answer.status;
        if (active(answer)) timer = setTimeout(() => void ask(), POLL_MS);
      } catch (error) {
        if (!current) return;
        setFailure(messageOf(error));
        timer = setTimeout(() => void ask(), POLL_MS * 3);
      }
    };
    void ask();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [jobId, round]);

  async function stop() {
    setStopping(true);
    try {
      setJob(await data(api.POST('/api/edu-office/schedule/optimizations/{jobId}/cancel', { params: { path: { jobId } } })));
    } catch (error) {
      setFailure(messageOf(error));
    }
  }

  if (!job) return failure ? <ErrorLine message={failure} /> : <Status>Загрузка расчёта…</Status>;
  return (
    <section class="panel optimization" aria-labelledby="job-title" id="optimization-job">
      <div class="panel-head">
        <h2 id="job-title">{`Расчёт №${job.id}: ${MODE_NAMES[job.mode]}`}</h2>
        <span class={`badge job-${job.status.toLowerCase()}`}>{STATUS_NAMES[job.status]}</span>
      </div>
      {failure ? <ErrorLine message={failure} /> : null}
      {job.fromDate ? (
        <p class="hint" id="job-from-date">{`Оптимизация с ${formatLongDate(job.fromDate)}: занятия до этой даты остаются как были, оценки и штрафы — по занятиям с неё.`}</p>
      ) : null}
      {job.versionLocks && job.versionLocks.heldRuleIds.length + job.lockedRuleIds.length > 0 ? (
        <p class="hint" id="job-locks">{`Закреплено правил: ${new Set([...job.versionLocks.heldRuleIds, ...job.lockedRuleIds]).size}`}</p>
      ) : null}
      {job.status === 'QUEUED' ? <Status>Расчёт ждёт свободного исполнителя…</Status> : null}
      {job.status === 'RUNNING' ? <Progress job={job} /> : null}
      {notice ? (
        <p class="notice notice-info" role="status" id="job-notice">
          {notice}
        </p>
      ) : null}
      {active(job) ? null : (
        <Outcome
          job={job}
          sourceVersionId={sourceVersionId}
          onResultDeleted={(text) => {
            setNotice(text);
            setRound(round + 1);
            onChanged();
          }}
        />
      )}
      {active(job) ? (
        <button type="button" class="stop-job" disabled={stopping} onClick={() => void stop()}>
          {stopping ? 'Останавливается…' : 'Остановить'}
        </button>
      ) : null}
    </section>
  );
}

function Progress({ job }: { job: Job }) {
  const barId = useId('job-time');
  const elapsed = Math.min(job.elapsedSeconds, job.timeLimitSeconds);
  return (
    <div class="job-progress" role="status" aria-live="polite">
      <label for={barId}>{`${PHASE_NAMES[job.phase]}: ${Math.round(elapsed)} из ${job.timeLimitSeconds} с`}</label>
      <progress id={barId} max={job.timeLimitSeconds} value={elapsed} />
      <dl class="job-numbers">
        <dt>Размещено</dt>
        <dd id="job-placed">{`${job.placedSlots} из ${job.totalSlots}`}</dd>
        <dt>Жёстких нарушений</dt>
        <dd>{job.hardViolations}</dd>
        <dt>Лучшая оценка</dt>
        <dd>{`${number(job.bestScore)} (исходная ${number(job.initialScore)})`}</dd>
      </dl>
      <Penalties job={job} caption="Штрафы лучшего найденного" />
    </div>
  );
}

function Penalties({ job, caption }: { job: Job; caption: string }) {
  const shown = job.penalties.filter((item) => item.penalty > 0);
  if (shown.length === 0) return <p class="hint">Штрафов нет.</p>;
  return (
    <div class="penalties">
      <DataTable<Job['penalties'][number]>
        caption={caption}
        rows={{ state: 'done', data: shown }}
        rowKey={(item) => item.code}
        pageSize={100}
        columns={[
          { title: 'Показатель', cell: (item) => item.label },
          { title: 'Величина', cell: (item) => number(item.value) },
          { title: 'Штраф', cell: (item) => number(item.penalty) },
        ]}
      />
    </div>
  );
}

function Outcome({ job, sourceVersionId, onResultDeleted }: { job: Job; sourceVersionId: number; onResultDeleted: (notice: string) => void }) {
  const resultId = job.resultVersionId;
  return (
    <div class="job-outcome">
      {job.message ? (
        <p class={`notice ${job.status === 'FAILED' ? 'notice-error' : 'notice-info'}`} role="status" id="job-message">
          {job.message}
        </p>
      ) : null}
      {job.stopReason ? (
        <p id="job-stop-reason">
          <strong>Расчёт закончен:</strong> {STOP_REASON_NAMES[job.stopReason]}
        </p>
      ) : null}
      {resultId ? (
        <>
          <p class="row-actions">
            <a href={`#rules?versionId=${resultId}`}>Открыть правила черновика</a>
            <a href="#versions">Проверить и опубликовать в «Версиях»</a>
            <DeleteResult resultId={resultId} onDeleted={onResultDeleted} />
          </p>
          <dl class="job-numbers">
            <dt>Оценка качества</dt>
            <dd id="job-scores">{`было ${number(job.initialScore)}, стало ${number(job.bestScore)}`}</dd>
            <dt>Размещено</dt>
            <dd>{`${job.placedSlots} из ${job.totalSlots}`}</dd>
            {job.mode === 'REPAIR' ? (
              <>
                <dt>Перенесено занятий</dt>
                <dd>{job.movedLessons}</dd>
              </>
            ) : null}
          </dl>
          <Penalties job={job} caption="Штрафы черновика (как в отчёте о качестве)" />
          <Unplaced job={job} resultId={resultId} sourceVersionId={sourceVersionId} />
          <details class="job-weeks">
            <summary>Недели рядом: исходная версия и результат (перемещение занятий)</summary>
            <VersionWeeks versionId={resultId} baseVersionId={sourceVersionId} fromDate={job.fromDate ?? undefined} />
          </details>
          <details class="job-diff">
            <summary>Что изменилось по сравнению с исходной версией</summary>
            <VersionDiff versionId={resultId} baseVersionId={sourceVersionId} />
          </details>
        </>
      ) : null}
    </div>
  );
}

/** «Удалить черновик»: the result's record is read when asked, then the same dialog as in «Версии». */
function DeleteResult({ resultId, onDeleted }: { resultId: number; onDeleted: (notice: string) => void }) {
  const [version, setVersion] = useState<Schemas['VersionResponse']>();
  const [failure, setFailure] = useState<string>();
  async function open() {
    setFailure(undefined);
    try {
      setVersion(await data(api.GET('/api/edu-office/schedule/versions/{id}', { params: { path: { id: resultId } } })));
    } catch (error) {
      setFailure(messageOf(error));
    }
  }
  return (
    <>
      <button type="button" class="link-button" onClick={() => void open()}>
        Удалить черновик
      </button>
      {failure ? <ErrorLine message={failure} /> : null}
      {version ? (
        <RemoveVersion
          version={version}
          onClose={() => setVersion(undefined)}
          onDone={() => {
            setVersion(undefined);
            onDeleted(`Черновик №${version.versionNumber} «${version.name}» удалён.`);
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The unplaced slots (issue 54 §2): the run's headline (what to do first), the blockers that stop the
 * most slots, then per slot its headline, its reasons (merged, most cells first, at most ten, then
 * «и ещё N») and the link to the result's rule, the one its header names.
 */
function Unplaced({ job, resultId, sourceVersionId }: { job: Job; resultId: number; sourceVersionId: number }) {
  const { slots, topBlockers, headline } = job.unplaced;
  if (slots.length === 0) return <p class="notice notice-info">Все занятия размещены.</p>;
  const ruleLink = (resultRuleId: number | null | undefined, sourceRuleId: number | null | undefined) =>
    resultRuleId ? `#rules?versionId=${resultId}&ruleId=${resultRuleId}` : `#rules?versionId=${sourceVersionId}&ruleId=${sourceRuleId}`;
  return (
    <section aria-labelledby="unplaced-title" class="unplaced">
      <h3 id="unplaced-title">{`Не размещено: ${job.totalSlots - job.placedSlots}`}</h3>
      {headline ? (
        <p class="notice notice-warning" id="unplaced-headline">
          {headline}
        </p>
      ) : null}
      {topBlockers.length ? (
        <>
          <h4>Чаще всего мешает</h4>
          <ul class="problem-list" id="top-blockers">
            {topBlockers.map((blocker) => (
              <li key={blocker.text}>{`${blocker.text} — занятий: ${blocker.slots}`}</li>
            ))}
          </ul>
        </>
      ) : null}
      <ul class="problem-list" id="unplaced-slots">
        {slots.map((slot) => (
          <li key={slot.slotId} class="unplaced-slot">
            <h4 class="unplaced-label">
              <a href={ruleLink(slot.resultRuleId, slot.ruleId)}>{slot.label}</a>
            </h4>
            {slot.headline ? <p class="unplaced-headline">{slot.headline}</p> : null}
            <ul>
              {slot.reasons.map((reason, index) => (
                <li key={index}>
                  {reason.cells > 0 ? `${reason.text} (клеток: ${reason.cells})` : reason.text}
                  {reason.blockingRuleId ? (
                    <>
                      {' '}
                      <a href={ruleLink(reason.blockingResultRuleId, reason.blockingRuleId)} aria-label={`Открыть мешающее правило №${reason.blockingResultRuleId ?? reason.blockingRuleId}`}>
                        открыть правило
                      </a>
                    </>
                  ) : null}
                </li>
              ))}
              {slot.moreReasons > 0 ? <li class="hint">{`и ещё ${slot.moreReasons}`}</li> : null}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

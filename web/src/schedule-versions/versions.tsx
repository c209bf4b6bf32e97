// /admin/#versions: the schedule versions of a semester (spec 4.11). The list with status, author,
// dates and rule count; a new empty draft or a copy; a draft validated (each problem opens its rule
// in «Правила»); any two versions compared; a draft published, or an archived version restored, with
// a required reason after the change against the current publication is shown (over a publication,
// from a date: dated-publication.tsx); the chronology.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { Dialog } from '../shared/dialog';
import { messageOf } from '../shared/errors';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { DataTable } from '../shared/table';
import { ErrorLine, Status, useId, useLoad } from '../shared/ui';
import { VersionWeeks } from './version-week-grid';
import { useVersionChoice, VERSION_STATUS_NAMES, VersionChoiceFields, versionLabel, type Version } from '../shared/version-choice';
import { DatedPublication } from './dated-publication';
import { VersionDiff } from './diff-view';
import { RemoveVersion } from './remove-version';
import { formatMoment } from '../shared/dates';

const when = (value: string | null) => (value ? formatMoment(value) : '—');

type Panel = { kind: 'validate' | 'compare' | 'remove' | 'week'; version: Version } | { kind: 'promote'; version: Version; action: 'publish' | 'restore' };

export default function Versions() {
  const choice = useVersionChoice();
  const [panel, setPanel] = useState<Panel>();
  const [notice, setNotice] = useState<string>();
  const [round, setRound] = useState(0);
  const published = choice.list.find((item) => item.status === 'PUBLISHED');
  const reload = () => {
    choice.versions.reload();
    setRound(round + 1);
  };
  const changed = (text: string) => {
    setNotice(text);
    setPanel(undefined);
    reload();
  };
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Версии расписания</h1>
      <VersionChoiceFields choice={choice} semesterOnly />
      {notice ? (
        <p class="notice notice-info" role="status" id="versions-notice">
          {notice}
        </p>
      ) : null}
      <DataTable<Version>
        id="versions-table"
        caption={`Версии семестра: ${choice.list.length}`}
        rows={choice.versions.state === 'done' ? { state: 'done', data: choice.list } : choice.versions}
        rowKey={(version) => version.id}
        rowProps={(version) => ({ 'data-version': String(version.id) })}
        pageSize={100}
        empty="У семестра пока нет версий расписания."
        columns={[
          { title: '№', cell: (version) => version.versionNumber },
          {
            title: 'Название',
            cell: (version) => (
              <>
                {version.name}
                {version.basedOnVersionId ? <span class="hint">{` (копия версии №${choice.list.find((item) => item.id === version.basedOnVersionId)?.versionNumber ?? version.basedOnVersionId})`}</span> : null}
              </>
            ),
          },
          { title: 'Статус', cell: (version) => <span class={`badge status-${version.status.toLowerCase()}`}>{VERSION_STATUS_NAMES[version.status]}</span> },
          { title: 'Правил', cell: (version) => version.ruleCount },
          { title: 'Создана', cell: (version) => `${when(version.createdAt)}${version.createdByName ? `, ${version.createdByName}` : ''}` },
          { title: 'Опубликована', cell: (version) => (version.publishedAt ? `${when(version.publishedAt)}${version.publishedByName ? `, ${version.publishedByName}` : ''}` : '—') },
          {
            title: 'Действия',
            class: 'row-actions',
            cell: (version) => (
              <>
                <a href={`#rules?versionId=${version.id}`}>Правила</a>
                {version.status === 'DRAFT' ? (
                  <button type="button" class="link-button" onClick={() => setPanel({ kind: 'validate', version })}>
                    Проверить
                  </button>
                ) : null}
                <button type="button" class="link-button" onClick={() => setPanel({ kind: 'compare', version })}>
                  Сравнить
                </button>
                <button type="button" class="link-button" onClick={() => setPanel({ kind: 'week', version })} aria-label={`Неделя версии №${version.versionNumber}`}>
                  Неделя
                </button>
                {version.status === 'DRAFT' ? (
                  <button type="button" class="link-button" onClick={() => setPanel({ kind: 'promote', version, action: 'publish' })}>
                    Опубликовать
                  </button>
                ) : null}
                {version.status === 'DRAFT' && !version.publishedAt ? (
                  <button type="button" class="link-button" onClick={() => setPanel({ kind: 'remove', version })} aria-label={`Удалить черновик №${version.versionNumber}`}>
                    Удалить
                  </button>
                ) : null}
                {version.status === 'ARCHIVED' && version.publishedAt ? (
                  <button type="button" class="link-button" onClick={() => setPanel({ kind: 'promote', version, action: 'restore' })}>
                    Восстановить
                  </button>
                ) : null}
              </>
            ),
          },
        ]}
      />
      {panel?.kind === 'validate' ? <Validation key={panel.version.id} version={panel.version} onClose={() => setPanel(undefined)} /> : null}
      {panel?.kind === 'compare' ? <Comparison key={panel.version.id} version={panel.version} versions={choice.list} onClose={() => setPanel(undefined)} /> : null}
      {panel?.kind === 'week' ? (
        <section class="panel" aria-labelledby="version-week-title" id="version-week">
          <div class="panel-head">
            <h2 id="version-week-title">{`Неделя версии №${panel.version.versionNumber} «${panel.version.name}»`}</h2>
            <button type="button" onClick={() => setPanel(undefined)}>
              Закрыть
            </button>
          </div>
          {/* A draft is shown beside the version it was copied from, so what moved is marked. */}
          <VersionWeeks key={panel.version.id} versionId={panel.version.id} baseVersionId={panel.version.status === 'DRAFT' ? (panel.version.basedOnVersionId ?? undefined) : undefined} />
        </section>
      ) : null}
      {panel?.kind === 'remove' ? (
        <RemoveVersion
          key={`remove-${panel.version.id}`}
          version={panel.version}
          onClose={() => setPanel(undefined)}
          onDone={() => changed(`Черновик №${panel.version.versionNumber} «${panel.version.name}» удалён.`)}
        />
      ) : null}
      {panel?.kind === 'promote' && panel.action === 'publish' && published && choice.semester ? (
        <DatedPublication key={`dated-${panel.version.id}`} version={panel.version} published={published} semester={choice.semester} onClose={() => setPanel(undefined)} onDone={changed} />
      ) : panel?.kind === 'promote' ? (
        <Promotion key={`${panel.action}-${panel.version.id}`} version={panel.version} action={panel.action} published={published} onClose={() => setPanel(undefined)} onDone={changed} />
      ) : null}
      {choice.semesterId ? <NewVersion semesterId={choice.semesterId} versions={choice.list} onCreated={reload} /> : null}
      {choice.semesterId ? <History key={`${choice.semesterId}-${round}`} semesterId={choice.semesterId} /> : null}
    </section>
  );
}

/** The form says what was created (next to where the user acted); the list and history are asked again. */
function NewVersion({ semesterId, versions, onCreated }: { semesterId: number; versions: Version[]; onCreated: () => void }) {
  const form = useApiForm({
    initial: { name: '', basedOnVersionId: '' },
    resetOnSuccess: true,
    otherwise: 'name',
    send: async (values) => {
      const created = await data(
        api.POST('/api/edu-office/schedule/versions', {
          body: { semesterId, name: values.name.trim(), basedOnVersionId: values.basedOnVersionId ? Number(values.basedOnVersionId) : undefined },
        }),
      );
      onCreated();
      return `Создан черновик №${created.versionNumber} «${created.name}»${created.basedOnVersionId ? `: копия с правилами (${created.ruleCount})` : ' без правил'}.`;
    },
  });
  return (
    <section class="panel" aria-labelledby="new-version-title">
      <h2 id="new-version-title">Новая версия</h2>
      <ApiFormFrame form={form} label="Новая версия" submitText="Создать черновик">
        <Field label="Название" error={form.errorAt('name')} control={(props) => <input {...props} value={form.values.name} maxLength={255} onInput={(event) => form.set('name', event.currentTarget.value)} />} />
        <Field
          label="Основа"
          error={form.errorAt('basedOnVersionId')}
          control={(props) => (
            <select {...props} value={form.values.basedOnVersionId} onChange={(event) => form.set('basedOnVersionId', event.currentTarget.value)}>
              <option value="">Пустая версия (без правил)</option>
              {versions.map((version) => (
                <option key={version.id} value={version.id}>
                  {`Копия: ${versionLabel(version)}`}
                </option>
              ))}
            </select>
          )}
        />
      </ApiFormFrame>
    </section>
  );
}

function Validation({ version, onClose }: { version: Version; onClose: () => void }) {
  const report = useLoad(() => data(api.GET('/api/edu-office/schedule/versions/{id}/validate', { params: { path: { id: version.id } } })), [version.id]);
  return (
    <section class="panel" aria-labelledby="validation-title" id="validation">
      <div class="panel-head">
        <h2 id="validation-title">{`Проверка версии №${version.versionNumber} «${version.name}»`}</h2>
        <button type="button" class="link-button" onClick={onClose}>
          Закрыть
        </button>
      </div>
      {report.state === 'loading' ? <Status>Проверка всех правил…</Status> : null}
      {report.state === 'error' ? <ErrorLine message={report.message} /> : null}
      {report.state === 'done' ? <ValidationReport version={version} report={report.data} /> : null}
    </section>
  );
}

/**
 * The validation's answer: blocking problems (conflicts, references, hours, unplaced slots) first,
 * then, apart, the rules whose publication would change lessons already given (PAST_LESSONS, issue
 * 45 §2): they do not stop publication, but the office sees them instead of «Проблем нет».
 */
function ValidationReport({ version, report }: { version: Version; report: Schemas['VersionValidationResponse'] }) {
  const past = report.problems.filter((problem) => problem.type === 'PAST_LESSONS');
  const blocking = report.problems.filter((problem) => problem.type !== 'PAST_LESSONS');
  const blockingCount = report.problemCount - past.length;
  const checked = `Проверено правил ${report.ruleCount}, занятий ${report.checkedLessonCount}.`;
  const ruleLink = (ruleId: number) => <a href={`#rules?versionId=${version.id}&ruleId=${ruleId}`}>{`Открыть правило №${ruleId}`}</a>;
  return (
    <>
      <p class={`notice ${report.valid ? 'notice-info' : 'notice-warning'}`} role="status">
        {report.valid
          ? `Проблем нет: ${checked} Версию можно публиковать.`
          : blockingCount > 0
            ? `Найдено проблем: ${blockingCount}${report.problemsTruncated ? ' (показаны не все)' : ''}. ${checked}`
            : `Ошибок и конфликтов нет, но публикация изменит уже прошедшие занятия: ${report.pastLessonCount}. ${checked}`}
      </p>
      {blocking.length ? (
        <ul class="problem-list">
          {blocking.map((problem, index) => (
            <li key={index}>
              <p>{problem.message}</p>
              {ruleLink(problem.ruleId)}
              {problem.otherRuleId ? ruleLink(problem.otherRuleId) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {past.length ? (
        <div id="past-lessons">
          <h3>{`Изменятся прошедшие занятия: ${report.pastLessonCount}`}</h3>
          <p class="hint">Публикация перепишет и то, что уже было: прошедшие занятия этих правил станут другими в расписании и в нагрузке. Публиковать можно, но только если так и задумано.</p>
          <ul class="problem-list">
            {past.map((problem) => (
              <li key={problem.ruleId}>
                <p>{problem.message}</p>
                {ruleLink(problem.ruleId)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

function Comparison({ version, versions, onClose }: { version: Version; versions: Version[]; onClose: () => void }) {
  const others = versions.filter((item) => item.id !== version.id);
  const preferred = others.find((item) => item.id === version.basedOnVersionId) ?? others.find((item) => item.status === 'PUBLISHED') ?? others[0];
  const [baseId, setBaseId] = useState<number | undefined>(preferred?.id);
  const baseField = useId('compare-base');
  return (
    <section class="panel" aria-labelledby="compare-title" id="comparison">
      <div class="panel-head">
        <h2 id="compare-title">{`Сравнение версии №${version.versionNumber} «${version.name}»`}</h2>
        <button type="button" class="link-button" onClick={onClose}>
          Закрыть
        </button>
      </div>
      {others.length === 0 ? (
        <p class="empty">Сравнивать не с чем: у семестра одна версия.</p>
      ) : (
        <>
          <div class="field">
            <label for={baseField}>С версией</label>
            <select id={baseField} value={baseId} onChange={(event) => setBaseId(Number(event.currentTarget.value))}>
              {others.map((item) => (
                <option key={item.id} value={item.id}>
                  {versionLabel(item)}
                </option>
              ))}
            </select>
          </div>
          {baseId ? <VersionDiff versionId={version.id} baseVersionId={baseId} /> : null}
        </>
      )}
    </section>
  );
}

/** Publish (a draft) or restore (an archived version): what changes against the publication, then the reason. */
function Promotion({
  version,
  action,
  published,
  onClose,
  onDone,
}: {
  version: Version;
  action: 'publish' | 'restore';
  published?: Version;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const reasonId = useId('promote-reason');
  const verb = action === 'publish' ? 'Опубликовать' : 'Восстановить';

  async function confirm(event: Event) {
    event.preventDefault();
    setFailure(undefined);
    if (!reason.trim()) {
      setFailure('Укажите причину: она попадёт в историю версий');
      return;
    }
    setBusy(true);
    try {
      const path = action === 'publish' ? '/api/edu-office/schedule/versions/{id}/publish' : '/api/edu-office/schedule/versions/{id}/restore';
      const done = await data(api.POST(path, { params: { path: { id: version.id } }, body: { reason: reason.trim() } }));
      onDone(
        `Версия №${done.versionNumber} «${done.name}» ${action === 'publish' ? 'опубликована' : 'восстановлена'}: теперь студенты и преподаватели видят её расписание` +
          (published ? `; версия №${published.versionNumber} «${published.name}» отправлена в архив.` : '.'),
      );
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={`${verb} версию №${version.versionNumber} «${version.name}»`} open onClose={onClose}>
      <div class="promotion">
        <h3>Что изменится</h3>
        {published ? (
          <>
            <p class="hint">{`По сравнению с опубликованной версией №${published.versionNumber} «${published.name}»:`}</p>
            <VersionDiff versionId={version.id} baseVersionId={published.id} />
          </>
        ) : (
          <p class="hint">Опубликованной версии нет: расписание семестра появится впервые.</p>
        )}
        <form noValidate onSubmit={(event) => void confirm(event)} aria-label={`${verb} версию`}>
          <div class={`field${failure ? ' field-invalid' : ''}`}>
            <label for={reasonId}>Причина (обязательно)</label>
            <textarea
              id={reasonId}
              rows={2}
              maxLength={1000}
              value={reason}
              aria-invalid={failure ? 'true' : undefined}
              aria-describedby={failure ? `${reasonId}-error` : undefined}
              onInput={(event) => setReason(event.currentTarget.value)}
            />
            {failure ? <ErrorLine id={`${reasonId}-error`} message={failure} /> : null}
          </div>
          <button type="submit" class="primary" disabled={busy}>
            {busy ? 'Отправка…' : verb}
          </button>
        </form>
      </div>
    </Dialog>
  );
}

const EVENT_NAMES = { CREATE: 'создана', PUBLISH: 'опубликована', ARCHIVE: 'отправлена в архив', RESTORE: 'восстановлена' } as const;

function History({ semesterId }: { semesterId: number }) {
  const events = useLoad(() => data(api.GET('/api/edu-office/schedule/versions/history', { params: { query: { semesterId } } })), [semesterId]);
  return (
    <section class="panel" aria-labelledby="history-title">
      <h2 id="history-title">История версий</h2>
      {events.state === 'loading' ? <Status>Загрузка…</Status> : null}
      {events.state === 'error' ? <ErrorLine message={events.message} /> : null}
      {events.state === 'done' ? (
        <ol class="history" reversed>
          {[...events.data].reverse().map((event) => (
            <li key={event.id}>
              {`${when(event.createdAt)}: версия №${event.versionNumber} «${event.versionName}» ${EVENT_NAMES[event.eventType]}`}
              {event.actorName ? ` (${event.actorName})` : ''}
              {event.reason ? <span class="hint">{` — причина: ${event.reason}`}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

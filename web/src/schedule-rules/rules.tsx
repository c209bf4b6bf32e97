// /admin/#rules: the rules of a schedule version (spec 4.9). The semester and version are chosen at
// the top (or come from the address: `#rules?versionId=3&ruleId=12` opens that rule, as the versions'
// validation problems link here); the paged list searches by subject, group or rule number; a rule
// is created, changed or archived in the editor below, with the free-cell grid of the slot being
// placed. An ARCHIVED version is read-only; the screen opens on the newest draft, and a PUBLISHED version
// is read-only until the user chooses to change it and confirms (issue 45 §2). In the published version
// every write holds from a date («Действует с», issue 53): lessons before it stay, and the answer says
// how many past lessons a date before tomorrow changed; a rule ended from a date reads «завершено с».
import { useEffect, useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { messageOf } from '../shared/errors';
import { apiField } from '../shared/field-errors';
import { PagedTable } from '../shared/table';
import { ErrorLine, Status, useId, useLoad } from '../shared/ui';
import { formatLongDate } from '../shared/dates';
import { Dialog } from '../shared/dialog';
import { PublishedLock, usePublishedLock } from '../shared/published-lock';
import { numberParam, useVersionChoice, VersionChoiceFields, type Version } from '../shared/version-choice';
import { BulkBar } from './bulk-bar';
import { changesPast, defaultEffectiveFrom, EffectiveFromField, endedText, pastQuestion, periodText, UnmatchedList, unmatchedOf, writeOutcome, type SemesterDays, type UnmatchedOverride } from './effective-from';
import { RuleEditor, type RuleWrite } from './rule-editor';
import { RuleLockToggle, useVersionLocks } from '../schedule-optimizations';

type Rule = Schemas['RuleResponse'];

const DAYS = ['', 'Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'];
const PARITY = { BOTH: '', ODD: ' (нечёт.)', EVEN: ' (чёт.)' } as const;
const PAGE_SIZE = 20;

export default function Rules() {
  const choice = useVersionChoice({ preferDraft: true });
  const { version, versions } = choice;
  const lock = usePublishedLock(version);
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Правила расписания</h1>
      <VersionChoiceFields choice={choice} />
      <PublishedLock choice={choice} locked={lock.locked} onUnlock={lock.unlock} action="сохранённое изменение правила" dated />
      {version ? (
        <VersionRules key={version.id} version={version} locked={lock.locked} semester={version.status === 'PUBLISHED' ? choice.semester : undefined} onChanged={versions.reload} />
      ) : versions.state === 'loading' ? (
        <Status>Загрузка…</Status>
      ) : null}
    </section>
  );
}

/** `semester`: given for the published version, whose writes hold from a date. */
function VersionRules({ version, locked, semester, onChanged }: { version: Version; locked: boolean; semester?: SemesterDays; onChanged: () => void }) {
  const readOnly = version.status === 'ARCHIVED' || locked;
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<{ rule?: Rule } | undefined>();
  const [archiving, setArchiving] = useState<Rule>();
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<string>();
  // Ticked rules (issue 45 §8), kept across pages and searches until the bulk change is done or cleared.
  const [selected, setSelected] = useState<ReadonlyMap<number, Rule>>(new Map());
  // The office's locks bind only the solver (issue 54 §1): a rule reads «закреплено», and is locked or unlocked here.
  const locks = useVersionLocks(version.id);
  const locksEditable = version.status !== 'ARCHIVED';
  const toggle = (rule: Rule, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(rule.id, rule);
      else next.delete(rule.id);
      return next;
    });
  const searchId = useId('rules-search');
  const [pairs, setPairs] = useState<BasePairs>(new Map());
  useEffect(() => void loadBasePairs().then(setPairs, () => undefined), []);
  const rules = useLoad(
    () => data(api.GET('/api/admin/schedule-rules/page', { params: { query: { versionId: version.id, query: query.trim() || undefined, page, size: PAGE_SIZE } } })),
    [version.id, query, page],
  );

  // A rule named in the address opens in the editor.
  useEffect(() => {
    const ruleId = numberParam('ruleId');
    if (!ruleId) return;
    data(api.GET('/api/admin/schedule-rules/{id}', { params: { path: { id: ruleId } } })).then(
      (rule) => rule.scheduleVersionId === version.id && setEditing({ rule }),
      (error: unknown) => setFailure(messageOf(error)),
    );
  }, [version.id]);

  const archived = (rule: Rule, answer: Partial<RuleWrite>) => {
    setArchiving(undefined);
    const ended = answer.effectiveFrom && semester && answer.effectiveFrom > semester.startDate;
    setNotice(
      ended
        ? `Правило №${rule.id} «${rule.subjectName}» завершено с ${formatLongDate(answer.effectiveFrom as string)}: его занятия до этой даты остались. ${writeOutcome({ ...answer, effectiveFrom: undefined })}`.trim()
        : `Правило №${rule.id} «${rule.subjectName}» отправлено в архив: его занятий больше нет в версии.`,
    );
    rules.reload();
    onChanged();
  };

  if (editing) {
    return (
      <RuleEditor
        key={editing.rule?.id ?? 'new'}
        versionId={version.id}
        semesterId={version.semesterId}
        rule={editing.rule}
        readOnly={readOnly || editing.rule?.status === 'ARCHIVED'}
        lock={editing.rule ? <RuleLockToggle locks={locks} ruleId={editing.rule.id} editable={locksEditable} /> : undefined}
        isDraft={version.status === 'DRAFT'}
        semester={semester}
        onCancel={() => setEditing(undefined)}
        onSaved={(rule, created) => {
          setEditing(undefined);
          const saved = `${created ? 'Создано' : 'Изменено'} правило №${rule.id} «${rule.subjectName}» (${rule.groupNames.join(', ')}): ${rule.slots.map((slot) => slotText(slot, pairs)).join('; ')}.`;
          setNotice(`${saved} ${writeOutcome(rule)}`.trim());
          rules.reload();
          onChanged();
        }}
      />
    );
  }
  return (
    <div>
      {version.status === 'ARCHIVED' ? <p class="notice notice-info">Версия в архиве доступна только для чтения.</p> : null}
      {notice ? (
        <p class="notice notice-info" role="status">
          {notice}
        </p>
      ) : null}
      {failure ? <ErrorLine message={failure} /> : null}
      <div class="controls">
        <div class="field">
          <label for={searchId}>Поиск: дисциплина, группа или номер правила</label>
          <input id={searchId} type="search" value={query} onInput={(event) => (setQuery(event.currentTarget.value), setPage(0))} />
        </div>
        {readOnly ? null : (
          <button type="button" class="primary" onClick={() => (setNotice(undefined), setEditing({}))}>
            Новое правило
          </button>
        )}
      </div>
      {!readOnly && selected.size > 0 ? (
        <BulkBar
          version={version}
          semester={semester}
          selected={[...selected.values()]}
          onClear={() => setSelected(new Map())}
          onAttempt={() => setNotice(undefined)}
          onDone={(text) => {
            setSelected(new Map());
            setNotice(text);
            rules.reload();
            onChanged();
          }}
        />
      ) : null}
      <PagedTable<Rule>
        caption={`Правила версии №${version.versionNumber}`}
        rows={rules}
        rowKey={(rule) => rule.id}
        onPage={setPage}
        stacked
        empty={query ? 'Ничего не найдено.' : 'В версии пока нет правил.'}
        columns={[
          {
            title: '№',
            // The rule's tick for bulk changes (issue 45 §8) sits by its number; the cell reads as the number.
            cell: (rule) =>
              readOnly ? (
                rule.id
              ) : (
                <label class="rule-pick">
                  <input type="checkbox" aria-label={`Выбрать правило №${rule.id}`} checked={selected.has(rule.id)} onChange={(event) => toggle(rule, event.currentTarget.checked)} />
                  {rule.id}
                </label>
              ),
          },
          { title: 'Дисциплина', cell: (rule) => (endedText(rule) ? `${rule.subjectName} — ${endedText(rule) ?? ''}` : rule.subjectName) },
          { title: 'Группы', cell: (rule) => rule.groupNames.join(', ') },
          { title: 'Часы (лек./пр./лаб.)', cell: (rule) => `${rule.lectureAcademicHours} / ${rule.practiceAcademicHours} / ${rule.laboratoryAcademicHours}` },
          { title: 'Слоты', cell: (rule) => rule.slots.map((slot) => slotText(slot, pairs)).join('; ') },
          {
            title: 'Действия',
            cell: (rule) => (
              <div class="row-actions">
                <RuleLockToggle locks={locks} ruleId={rule.id} editable={locksEditable} />
                <button type="button" class="link-button" onClick={() => (setNotice(undefined), setEditing({ rule }))}>
                  {readOnly ? 'Открыть' : 'Изменить'}
                </button>
                {readOnly ? null : (
                  <button type="button" class="link-button" onClick={() => (setNotice(undefined), setFailure(undefined), setArchiving(rule))}>
                    В архив
                  </button>
                )}
              </div>
            ),
          },
        ]}
      />
      {archiving ? <ArchiveDialog rule={archiving} semester={semester} onClose={() => setArchiving(undefined)} onDone={(answer) => archived(archiving, answer)} /> : null}
    </div>
  );
}

/**
 * «В архив» for one rule. In the published version it ends the rule from «Действует с» (its lessons
 * before stay); a date before tomorrow asks once more; one-off changes of its lessons from that date
 * are listed and go only when the user confirms (`dropOverrides`). In a draft the rule goes whole.
 */
function ArchiveDialog({ rule, semester, onClose, onDone }: { rule: Rule; semester?: SemesterDays; onClose: () => void; onDone: (answer: Partial<RuleWrite>) => void }) {
  const [date, setDate] = useState(() => (semester ? defaultEffectiveFrom(semester) : ''));
  const [step, setStep] = useState<'date' | 'past' | 'overrides'>('date');
  const [unmatched, setUnmatched] = useState<UnmatchedOverride[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; atDate: boolean }>();
  const name = `№${rule.id} «${rule.subjectName}» (${rule.groupNames.join(', ')})`;

  async function run(agreedPast: boolean, dropOverrides: boolean) {
    if (semester && !date) return setFailure({ message: 'Укажите дату', atDate: true });
    if (semester && !agreedPast && changesPast(date, semester)) return setStep('past');
    setBusy(true);
    setFailure(undefined);
    try {
      const query = semester ? { effectiveFrom: date, dropOverrides: dropOverrides || undefined } : {};
      const answer = await data(api.DELETE('/api/admin/schedule-rules/{id}', { params: { path: { id: rule.id }, query } }));
      onDone(answer);
    } catch (error) {
      const listed = unmatchedOf(error);
      if (listed) {
        setUnmatched(listed);
        setStep('overrides');
      } else {
        setStep('date');
        setFailure({ message: messageOf(error), atDate: apiField(error) === 'effectiveFrom' });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={semester ? `Завершить правило №${rule.id}?` : `Отправить в архив правило №${rule.id}?`} open onClose={onClose}>
      <div class="archive-rule">
        {step === 'date' ? (
          <>
            <p>
              {semester
                ? `Правило ${name} завершится накануне выбранной даты: его занятия до неё останутся, с неё их не будет.`
                : `Правило ${name} уйдёт в архив: его занятия исчезнут из версии.`}
            </p>
            {semester ? <EffectiveFromField value={date} semester={semester} error={failure?.atDate ? failure.message : undefined} onChange={(next) => (setDate(next), setFailure(undefined))} /> : null}
            {failure && !failure.atDate ? <ErrorLine message={failure.message} /> : null}
            <div class="row-actions">
              <button type="button" class="primary" disabled={busy} onClick={() => void run(false, false)}>
                {busy ? 'Сохранение…' : semester ? 'Завершить правило' : 'В архив'}
              </button>
              <button type="button" onClick={onClose}>
                Отмена
              </button>
            </div>
          </>
        ) : step === 'past' ? (
          <>
            <p>{pastQuestion(date)}</p>
            <div class="row-actions">
              <button type="button" class="primary" disabled={busy} onClick={() => void run(true, false)}>
                Да, изменить и прошедшие
              </button>
              <button type="button" onClick={() => setStep('date')}>
                Нет, выбрать другую дату
              </button>
            </div>
          </>
        ) : (
          <>
            <p>{`С ${formatLongDate(date)} у правила не будет занятий, поэтому эти разовые изменения будут удалены.`}</p>
            <UnmatchedList items={unmatched} />
            <div class="row-actions">
              <button type="button" class="primary" disabled={busy} onClick={() => void run(true, true)}>
                {busy ? 'Сохранение…' : 'Удалить их и завершить правило'}
              </button>
              <button type="button" onClick={() => setStep('date')}>
                Назад
              </button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}

type BasePairs = ReadonlyMap<number, Schemas['TimeSlotResponse']>;

function slotText(slot: Rule['slots'][number], pairs: BasePairs): string {
  // A draft's slot without day, pair and room (issue 43).
  if (slot.dayOfWeek === null || slot.timeSlotId === null) return `не размещено${PARITY[slot.parity]} — ${slot.teacherName}, ${slot.lessonTypeName}`;
  const pair = pairs.get(slot.timeSlotId);
  const when = pair ? `${pair.orderNumber}-я пара (${pair.startTime.slice(0, 5)})` : 'пара';
  return `${DAYS[slot.dayOfWeek]}${PARITY[slot.parity]}, ${when} — ${slot.teacherName}, ${slot.classroomName}, ${slot.lessonTypeName}${periodText(slot)}`;
}

let basePairs: Promise<BasePairs> | undefined;
/** The base grid's pairs by id, asked once per page (rules name pairs by id). */
function loadBasePairs(): Promise<BasePairs> {
  basePairs ??= data(api.GET('/api/admin/time-slots')).then(
    (slots) => new Map(slots.filter((slot) => slot.scopeApplyMode === 'DEFAULT').map((slot) => [slot.id, slot])),
    (error: unknown) => {
      basePairs = undefined;
      throw error;
    },
  );
  return basePairs;
}

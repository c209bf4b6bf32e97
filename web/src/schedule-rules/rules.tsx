// /admin/#rules: the rules of a schedule version (spec 4.9). The semester and version are chosen at
// the top (or come from the address: `#rules?versionId=3&ruleId=12` opens that rule, as the versions'
// validation problems link here); the paged list searches by subject, group or rule number; a rule
// is created, changed or archived in the editor below, with the free-cell grid of the slot being
// placed. An ARCHIVED version is read-only; the screen opens on the newest draft, and a PUBLISHED version
// is read-only until the user chooses to change it and confirms (issue 45 §2). A rule saved in a
// published version says how many of its lessons are already past.
import { useEffect, useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { messageOf } from '../shared/errors';
import { PagedTable } from '../shared/table';
import { ErrorLine, Status, useId, useLoad } from '../shared/ui';
import { formatDayMonth, plusDays, todayAtUniversity } from '../shared/dates';
import { PublishedLock, usePublishedLock } from '../shared/published-lock';
import { numberParam, useVersionChoice, VersionChoiceFields, type Version } from '../shared/version-choice';
import { BulkBar } from './bulk-bar';
import { RuleEditor } from './rule-editor';

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
      <PublishedLock choice={choice} locked={lock.locked} onUnlock={lock.unlock} action="сохранённое изменение правила" />
      {version ? (
        <VersionRules key={version.id} version={version} locked={lock.locked} semesterStart={choice.semester?.startDate} onChanged={versions.reload} />
      ) : versions.state === 'loading' ? (
        <Status>Загрузка…</Status>
      ) : null}
    </section>
  );
}

function VersionRules({ version, locked, semesterStart, onChanged }: { version: Version; locked: boolean; semesterStart?: string; onChanged: () => void }) {
  const readOnly = version.status === 'ARCHIVED' || locked;
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<{ rule?: Rule } | undefined>();
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<string>();
  // Ticked rules (issue 45 §8), kept across pages and searches until the bulk change is done or cleared.
  const [selected, setSelected] = useState<ReadonlyMap<number, Rule>>(new Map());
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

  async function archive(rule: Rule) {
    if (!window.confirm(`Отправить в архив правило №${rule.id} «${rule.subjectName}» (${rule.groupNames.join(', ')})? Его занятия исчезнут из версии.`)) return;
    setFailure(undefined);
    try {
      await data(api.DELETE('/api/admin/schedule-rules/{id}', { params: { path: { id: rule.id } } }));
      setNotice(`Правило №${rule.id} «${rule.subjectName}» отправлено в архив: его занятий больше нет в версии.`);
      rules.reload();
      onChanged();
    } catch (error) {
      setFailure(`Правило №${rule.id}: ${messageOf(error)}`);
    }
  }

  if (editing) {
    return (
      <RuleEditor
        key={editing.rule?.id ?? 'new'}
        versionId={version.id}
        semesterId={version.semesterId}
        rule={editing.rule}
        readOnly={readOnly || editing.rule?.status === 'ARCHIVED'}
        isDraft={version.status === 'DRAFT'}
        onCancel={() => setEditing(undefined)}
        onSaved={(rule, created) => {
          setEditing(undefined);
          const saved = `${created ? 'Создано' : 'Изменено'} правило №${rule.id} «${rule.subjectName}» (${rule.groupNames.join(', ')}): ${rule.slots.map((slot) => slotText(slot, pairs)).join('; ')}.`;
          // In the live timetable mid-semester, the rule's lessons before today changed as well: the
          // notice says how many (one notice, once counted).
          const past = version.status === 'PUBLISHED' && semesterStart ? pastLessonsOf(rule, semesterStart) : Promise.resolve(undefined);
          void past.then((text) => {
            setNotice(text ? `${saved} ${text}` : saved);
            rules.reload();
            onChanged();
          });
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
          { title: 'Дисциплина', cell: (rule) => rule.subjectName },
          { title: 'Группы', cell: (rule) => rule.groupNames.join(', ') },
          { title: 'Часы (лек./пр./лаб.)', cell: (rule) => `${rule.lectureAcademicHours} / ${rule.practiceAcademicHours} / ${rule.laboratoryAcademicHours}` },
          { title: 'Слоты', cell: (rule) => rule.slots.map((slot) => slotText(slot, pairs)).join('; ') },
          {
            title: 'Действия',
            cell: (rule) => (
              <div class="row-actions">
                <button type="button" class="link-button" onClick={() => (setNotice(undefined), setEditing({ rule }))}>
                  {readOnly ? 'Открыть' : 'Изменить'}
                </button>
                {readOnly ? null : (
                  <button type="button" class="link-button" onClick={() => void archive(rule)}>
                    В архив
                  </button>
                )}
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}

/**
 * «Уже прошло его занятий: 4 (с 7 сентября по 28 сентября) — изменение коснулось и их.» for a rule of the
 * published version, counted from the rule's first group's timetable before today (at most the 200
 * days a request may ask); nothing when none are past.
 */
async function pastLessonsOf(rule: Rule, semesterStart: string): Promise<string | undefined> {
  const yesterday = plusDays(todayAtUniversity(), -1);
  if (yesterday < semesterStart || rule.groupIds.length === 0) return undefined;
  const from = semesterStart > plusDays(yesterday, -199) ? semesterStart : plusDays(yesterday, -199);
  try {
    const lessons = await data(api.GET('/api/schedule', { params: { query: { groupId: rule.groupIds[0], startDate: from, endDate: yesterday } } }));
    const own = lessons.filter((lesson) => lesson.scheduleRuleId === rule.id);
    if (own.length === 0) return undefined;
    return `Уже прошло его занятий: ${own.length} (с ${formatDayMonth(own[0].date)} по ${formatDayMonth(own[own.length - 1].date)}) — изменение коснулось и их.`;
  } catch {
    return undefined;
  }
}

type BasePairs = ReadonlyMap<number, Schemas['TimeSlotResponse']>;

function slotText(slot: Rule['slots'][number], pairs: BasePairs): string {
  // A draft's slot without day, pair and room (issue 43).
  if (slot.dayOfWeek === null || slot.timeSlotId === null) return `не размещено${PARITY[slot.parity]} — ${slot.teacherName}, ${slot.lessonTypeName}`;
  const pair = pairs.get(slot.timeSlotId);
  const when = pair ? `${pair.orderNumber}-я пара (${pair.startTime.slice(0, 5)})` : 'пара';
  return `${DAYS[slot.dayOfWeek]}${PARITY[slot.parity]}, ${when} — ${slot.teacherName}, ${slot.classroomName}, ${slot.lessonTypeName}`;
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

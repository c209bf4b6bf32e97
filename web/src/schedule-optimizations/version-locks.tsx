// What the solver may not move (issue 54 §1): the office's locks of a version — rules, and whole
// groups, teachers, rooms and departments — stored per version (`GET/PUT …/versions/{id}/locks`).
// They bind only the solver: the rules desk marks a held rule «закреплено» and lets the office lock
// or unlock it, and the solver screen shows and edits the whole set before a run.
import { useEffect, useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { messageOf } from '../shared/errors';
import { apiField } from '../shared/field-errors';
import { classroomById, findClassrooms, findGroups, findTeachers } from '../shared/options';
import { Picker, type Choice } from '../shared/picker';
import { ErrorLine, Status, useId } from '../shared/ui';

export type Locks = Schemas['VersionLocksDto'];
type Kind = 'ruleIds' | 'groupIds' | 'teacherIds' | 'classroomIds' | 'departmentIds';
type LocksState = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; locks: Locks };

const KIND_TITLES: Record<Kind, string> = {
  ruleIds: 'Правила',
  groupIds: 'Группы',
  teacherIds: 'Преподаватели',
  classroomIds: 'Аудитории',
  departmentIds: 'Кафедры',
};
const KINDS = Object.keys(KIND_TITLES) as Kind[];

/**
 * A version's locks and the one way to change them: each change sends the whole set (PUT) and takes
 * the answer, so what the screen shows is what the server holds, `heldRuleIds` included.
 */
export function useVersionLocks(versionId: number | undefined) {
  const [current, setCurrent] = useState<LocksState>({ state: 'loading' });
  useEffect(() => {
    if (versionId === undefined) return;
    let alive = true;
    setCurrent({ state: 'loading' });
    data(api.GET('/api/edu-office/schedule/versions/{id}/locks', { params: { path: { id: versionId } } })).then(
      (locks) => alive && setCurrent({ state: 'done', locks }),
      (error: unknown) => alive && setCurrent({ state: 'error', message: messageOf(error) }),
    );
    return () => {
      alive = false;
    };
  }, [versionId]);
  /** Sends the set with `kind` changed; answers the refusal's message (the lists stay as they were), or nothing. */
  async function change(kind: Kind, ids: number[]): Promise<{ message: string; field?: string } | undefined> {
    if (versionId === undefined || current.state !== 'done') return undefined;
    const { heldRuleIds: _held, ...lists } = current.locks;
    try {
      const locks = await data(
        api.PUT('/api/edu-office/schedule/versions/{id}/locks', { params: { path: { id: versionId } }, body: { ...lists, [kind]: [...new Set(ids)] } }),
      );
      setCurrent({ state: 'done', locks });
      return undefined;
    } catch (error) {
      return { message: messageOf(error), field: apiField(error) };
    }
  }
  const held = (ruleId: number) => current.state === 'done' && current.locks.heldRuleIds.includes(ruleId);
  const named = (ruleId: number) => current.state === 'done' && current.locks.ruleIds.includes(ruleId);
  return { current, change, held, named };
}

export type VersionLocksHandle = ReturnType<typeof useVersionLocks>;

/** «закреплено» beside a held rule, and the button that locks or unlocks it by itself (not for a rule held through its group, teacher, room or department). */
export function RuleLockToggle({ locks, ruleId, editable }: { locks: VersionLocksHandle; ruleId: number; editable: boolean }) {
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (locks.current.state !== 'done') return null;
  const { ruleIds } = locks.current.locks;
  const named = locks.named(ruleId);
  const held = locks.held(ruleId);
  async function toggle() {
    setBusy(true);
    const refused = await locks.change('ruleIds', named ? ruleIds.filter((id) => id !== ruleId) : [...ruleIds, ruleId]);
    setFailure(refused?.message);
    setBusy(false);
  }
  return (
    <span class="rule-lock">
      {held ? (
        <span class="badge badge-locked" title={named ? 'Закреплено для расчёта расписания' : 'Закреплено через группу, преподавателя, аудиторию или кафедру'}>
          закреплено
        </span>
      ) : null}
      {editable && (named || !held) ? (
        <button type="button" class="link-button" disabled={busy} onClick={() => void toggle()} aria-label={`${named ? 'Открепить' : 'Закрепить'} правило №${ruleId}`}>
          {named ? 'Открепить' : 'Закрепить'}
        </button>
      ) : null}
      {failure ? <ErrorLine message={failure} /> : null}
    </span>
  );
}

/** The solver screen's panel: what is locked (by kind, with names where known), and adding or removing each. */
export function LocksPanel({ versionId, editable, locks }: { versionId: number; editable: boolean; locks: VersionLocksHandle }) {
  const [names, setNames] = useState<Record<string, string>>({});
  useLockNames(versionId, locks.current.state === 'done' ? locks.current.locks : undefined, names, setNames);
  const [refused, setRefused] = useState<{ kind: Kind; message: string }>();
  const [ruleNumber, setRuleNumber] = useState('');
  const ruleId = useId('lock-rule');
  const departmentId = useId('lock-department');
  const departments = useDepartments();
  const { current } = locks;
  if (current.state === 'loading') return <Status>Загрузка закреплений…</Status>;
  if (current.state === 'error') return <ErrorLine message={current.message} />;
  const all = current.locks;

  async function add(kind: Kind, id: number, label?: string) {
    if (label) setNames((known) => ({ ...known, [`${kind}:${id}`]: label }));
    const answer = await locks.change(kind, [...all[kind], id]);
    setRefused(answer ? { kind: (KINDS as string[]).includes(answer.field ?? '') ? (answer.field as Kind) : kind, message: answer.message } : undefined);
    return answer === undefined;
  }
  async function remove(kind: Kind, id: number) {
    const answer = await locks.change(
      kind,
      all[kind].filter((item) => item !== id),
    );
    setRefused(answer ? { kind, message: answer.message } : undefined);
  }
  const nameOf = (kind: Kind, id: number) => {
    if (kind === 'ruleIds') return names[`${kind}:${id}`] ?? `правило №${id}`;
    if (kind === 'departmentIds') return departments.find((item) => item.id === id)?.name ?? `кафедра №${id}`;
    return names[`${kind}:${id}`] ?? `№${id}`;
  };
  const nothing = KINDS.every((kind) => all[kind].length === 0);

  return (
    <section class="panel locks" aria-labelledby={`locks-title-${versionId}`} id="version-locks">
      <h2 id={`locks-title-${versionId}`}>Закреплено для расчёта</h2>
      <p class="hint" id="locks-summary" role="status">
        {nothing
          ? 'Ничего не закреплено: расчёт может двигать любое правило этой версии.'
          : `Расчёт не двигает правил: ${all.heldRuleIds.length}. Закрепления действуют только на расчёт; правила можно править вручную.`}
      </p>
      {KINDS.map((kind) =>
        all[kind].length > 0 || refused?.kind === kind ? (
          <div class="lock-kind" key={kind}>
            <h3>{KIND_TITLES[kind]}</h3>
            <ul class="chips" aria-label={`Закреплённые: ${KIND_TITLES[kind].toLowerCase()}`}>
              {all[kind].map((id) => (
                <li key={id} class="chip">
                  <span>{nameOf(kind, id)}</span>
                  {editable ? (
                    <button type="button" class="link-button" onClick={() => void remove(kind, id)} aria-label={`Открепить: ${nameOf(kind, id)}`}>
                      ×
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
            {refused?.kind === kind ? <ErrorLine message={refused.message} /> : null}
          </div>
        ) : null,
      )}
      {editable ? (
        <details class="lock-add">
          <summary>Закрепить правило, группу, преподавателя, аудиторию или кафедру</summary>
          <div class="filters">
            <form
              class={`field${refused?.kind === 'ruleIds' ? ' field-invalid' : ''}`}
              onSubmit={(event) => {
                event.preventDefault();
                const id = Number(ruleNumber);
                if (Number.isInteger(id) && id > 0) void add('ruleIds', id).then((done) => done && setRuleNumber(''));
              }}
            >
              <label for={ruleId}>Правило №</label>
              <div class="row-actions">
                <input id={ruleId} type="number" min={1} value={ruleNumber} onInput={(event) => setRuleNumber(event.currentTarget.value)} />
                <button type="submit">Закрепить правило</button>
              </div>
            </form>
            <Picker label="Группа" placeholder="Название группы" search={(query) => findGroups(query)} onPick={(item: Choice) => void add('groupIds', item.id, item.label)} />
            <Picker label="Преподаватель" placeholder="ФИО" search={(query) => findTeachers(query)} onPick={(item: Choice) => void add('teacherIds', item.id, item.label)} />
            <Picker label="Аудитория" placeholder="Номер или корпус" search={findClassrooms} onPick={(item: Choice) => void add('classroomIds', item.id, item.label)} />
            <div class="field">
              <label for={departmentId}>Кафедра</label>
              <select
                id={departmentId}
                value=""
                onChange={(event) => {
                  const id = Number(event.currentTarget.value);
                  if (id) void add('departmentIds', id);
                }}
              >
                <option value="">— выберите кафедру —</option>
                {departments
                  .filter((item) => !all.departmentIds.includes(item.id))
                  .map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.name}
                    </option>
                  ))}
              </select>
            </div>
          </div>
        </details>
      ) : (
        <p class="hint">Версия в архиве: закрепления только для чтения.</p>
      )}
    </section>
  );
}

/**
 * Names of what a stored set locks, for a panel opened afresh (a reload knows only ids): one list
 * request per kind that has an id without a name — the version's rules, the groups (archived too), the
 * teachers, the rooms' cached list. An id no list knows keeps its number.
 */
function useLockNames(versionId: number, locks: Locks | undefined, names: Record<string, string>, setNames: (update: (known: Record<string, string>) => Record<string, string>) => void) {
  const missing = (kind: Kind) => (locks ? locks[kind].filter((id) => names[`${kind}:${id}`] === undefined) : []);
  const wanted = (['ruleIds', 'groupIds', 'teacherIds', 'classroomIds'] as const).filter((kind) => missing(kind).length > 0);
  const key = wanted.map((kind) => `${kind}=${missing(kind).join(',')}`).join(';');
  useEffect(() => {
    if (!key) return;
    let alive = true;
    const learn = (kind: Kind, pairs: [number, string][]) => {
      if (alive) setNames((known) => ({ ...known, ...Object.fromEntries(pairs.map(([id, name]) => [`${kind}:${id}`, name])) }));
    };
    const ignore = () => undefined;
    if (wanted.includes('ruleIds')) {
      data(api.GET('/api/admin/schedule-rules', { params: { query: { versionId } } })).then(
        (rules) => learn('ruleIds', rules.map((rule) => [rule.id, `правило №${rule.id} «${rule.subjectName}» (${rule.groupNames.join(', ')})`])),
        ignore,
      );
    }
    if (wanted.includes('groupIds')) {
      data(api.GET('/api/groups', { params: { query: { includeArchived: true } } })).then((groups) => learn('groupIds', groups.map((group) => [group.id, group.name])), ignore);
    }
    if (wanted.includes('teacherIds')) {
      data(api.GET('/api/users/teachers')).then((teachers) => learn('teacherIds', teachers.map((teacher) => [teacher.id, teacher.fullName || teacher.username])), ignore);
    }
    if (wanted.includes('classroomIds')) {
      const ids = missing('classroomIds');
      Promise.all(ids.map((id) => classroomById(id))).then(
        (rooms) => learn('classroomIds', rooms.flatMap((room) => (room ? [[room.id, room.name] as [number, string]] : []))),
        ignore,
      );
    }
    return () => {
      alive = false;
    };
    // `key` names every id still without a name: a new lock asks again, a known one does not.
  }, [versionId, key]);
}

function useDepartments(): { id: number; name: string }[] {
  const [list, setList] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    data(api.GET('/api/departments')).then(
      (items) => setList(items.map((item) => ({ id: item.id, name: item.departmentName }))),
      () => setList([]),
    );
  }, []);
  return list;
}

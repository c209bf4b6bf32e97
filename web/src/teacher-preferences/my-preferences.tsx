// /teacher/#preferences: the teacher's wishes for a semester (spec 4.14). A week grid of days × the
// base grid's pairs, where each cell is marked «недоступен» (HARD_UNAVAILABLE: blocks the schedule
// once approved), «предпочтительно» or «нежелательно»; whole dates; CONSECUTIVE and NO_GAPS. Every
// wish shows PENDING / APPROVED / REJECTED with the reviewer's comment and can be withdrawn.
import { useEffect, useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatShortDate, formatTime, shortDayName } from '../shared/dates';
import { messageOf } from '../shared/errors';
import { apiField, indexIn } from '../shared/field-errors';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { DataTable } from '../shared/table';
import { ErrorLine, Status, useLoad } from '../shared/ui';

type Preference = Schemas['PreferenceResponse'];
type PreferenceType = Preference['preferenceType'];
type Meta = Schemas['PreferenceMetaResponse'];

const CELL_TYPES: PreferenceType[] = ['HARD_UNAVAILABLE', 'SOFT_PREFERRED', 'SOFT_UNWANTED'];
const CELL_NAMES: Record<string, string> = { HARD_UNAVAILABLE: 'Недоступен', SOFT_PREFERRED: 'Предпочтительно', SOFT_UNWANTED: 'Нежелательно' };
export const PREFERENCE_STATUS_NAMES: Record<Preference['status'], string> = {
  PENDING: 'ожидает решения',
  APPROVED: 'утверждено',
  REJECTED: 'отклонено',
  WITHDRAWN: 'отозвано',
  CANCELLED: 'отменено',
};
const active = (preference: Preference) => preference.status === 'PENDING' || preference.status === 'APPROVED';

function describe(preference: Preference, meta: Meta): string {
  const type = meta.preferenceTypes.find((option) => option.code === preference.preferenceType)?.label ?? preference.preferenceType;
  const day = meta.days.find((item) => item.dayOfWeek === preference.dayOfWeek)?.name;
  if (preference.preferenceDate) return `${type}: ${formatShortDate(preference.preferenceDate)} целиком`;
  if (preference.timeSlotOrder !== null) return `${type}: ${day}, ${preference.timeSlotOrder}-я пара (${formatTime(preference.startTime)}–${formatTime(preference.endTime)})`;
  return `${type}: ${day ?? 'весь семестр'}`;
}

export default function MyPreferences() {
  const meta = useLoad(() => data(api.GET('/api/teacher-preferences/meta')), []);
  const [semesterId, setSemesterId] = useState<number>();
  useEffect(() => {
    if (meta.state === 'done' && semesterId === undefined) {
      const list = meta.data.semesters;
      setSemesterId((list.find((semester) => semester.current) ?? list[list.length - 1])?.id);
    }
  }, [meta.state]);
  const rows = useLoad(
    () => (semesterId === undefined ? Promise.resolve([]) : data(api.GET('/api/teacher-preferences', { params: { query: { semesterId } } }))),
    [semesterId],
  );

  if (meta.state === 'loading') return (<><h1 id="page-title">Пожелания</h1><Status>Загрузка…</Status></>);
  if (meta.state === 'error') return (<><h1 id="page-title">Пожелания</h1><ErrorLine message={meta.message} /></>);
  const info = meta.data;
  const preferences = rows.state === 'done' ? rows.data : [];

  return (
    <>
      <h1 id="page-title">Пожелания</h1>
      {info.semesters.length === 0 ? (
        <p class="empty">Семестров пока нет: пожелания задаются к семестру.</p>
      ) : (
        <>
          <Field
            label="Семестр"
            control={(props) => (
              <select {...props} value={String(semesterId ?? '')} onChange={(event) => setSemesterId(Number(event.currentTarget.value))}>
                {info.semesters.map((semester) => (
                  <option key={semester.id} value={String(semester.id)}>{semester.label}</option>
                ))}
              </select>
            )}
          />
          {semesterId !== undefined ? (
            <>
              <h2>Неделя: дни и пары</h2>
              <p class="hint">Отметьте ячейки и сохраните их одним нажатием: новые отметки уходят на утверждение. «Недоступен» после утверждения не даёт ставить занятия в это время.</p>
              <WeekGrid key={semesterId} meta={info} semesterId={semesterId} preferences={preferences} changed={rows.reload} />
              <h2>Целый день</h2>
              <DateForm meta={info} semesterId={semesterId} changed={rows.reload} />
              <h2>Расположение занятий</h2>
              <ShapeForm meta={info} semesterId={semesterId} changed={rows.reload} />
              <h2>Все пожелания семестра</h2>
              <PreferenceList meta={info} rows={rows} changed={rows.reload} />
            </>
          ) : null}
        </>
      )}
    </>
  );
}

/**
 * One select per day × pair: the marks are changed in the grid (the changed cells stand out) and saved
 * at once with «Сохранить пожелания» (`PUT /api/teacher-preferences/week`, all or nothing): a new mark
 * waits for approval, a changed cell's former mark is withdrawn or cancelled.
 */
function WeekGrid({ meta, semesterId, preferences, changed }: { meta: Meta; semesterId: number; preferences: Preference[]; changed: () => void }) {
  const [draft, setDraft] = useState<Map<string, string>>(new Map());
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'saved' | 'refused'; message: string; cell?: string }>();
  const days = meta.days;
  // The day a phone shows (the tabs are hidden on a wider screen, where every day is a column).
  const [chosenDay, setChosenDay] = useState(days[0]?.dayOfWeek);
  const dayClass = (dayOfWeek: number) => `day-col${dayOfWeek === chosenDay ? ' day-chosen' : ''}`;
  const current = (dayOfWeek: number, timeSlotId: number) =>
    preferences.find((item) => active(item) && item.dayOfWeek === dayOfWeek && item.timeSlotId === timeSlotId && !item.preferenceDate);
  const shown = (dayOfWeek: number, timeSlotId: number) => draft.get(`${dayOfWeek}-${timeSlotId}`) ?? current(dayOfWeek, timeSlotId)?.preferenceType ?? '';

  function mark(dayOfWeek: number, timeSlotId: number, type: string) {
    const cell = `${dayOfWeek}-${timeSlotId}`;
    const saved = current(dayOfWeek, timeSlotId)?.preferenceType ?? '';
    // From the latest draft, not this render's: two quick changes before a render both count.
    setDraft((before) => {
      const next = new Map(before);
      if (saved === type) next.delete(cell);
      else next.set(cell, type);
      return next;
    });
    setOutcome(undefined);
  }

  async function save() {
    const cells = [...draft.entries()].map(([cell, type]) => {
      const [dayOfWeek, timeSlotId] = cell.split('-').map(Number);
      return { dayOfWeek, timeSlotId, preferenceType: (type || null) as 'HARD_UNAVAILABLE' | 'SOFT_PREFERRED' | 'SOFT_UNWANTED' | null };
    });
    setBusy(true);
    setOutcome(undefined);
    try {
      await data(api.PUT('/api/teacher-preferences/week', { body: { semesterId, cells } }));
      setDraft(new Map());
      setOutcome({ kind: 'saved', message: `Сохранено ячеек: ${cells.length}. Новые отметки ждут решения.` });
      changed();
    } catch (error) {
      // A refusal about one cell (`cells[2]…`) is shown in that cell; the marks stay as chosen.
      const at = indexIn(apiField(error) ?? '', 'cells');
      const cell = at === undefined || !cells[at] ? undefined : `${cells[at].dayOfWeek}-${cells[at].timeSlotId}`;
      setOutcome({ kind: 'refused', message: messageOf(error), cell });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div class="day-tabs" role="group" aria-label="День недели">
        {days.map((day) => (
          <button type="button" key={day.dayOfWeek} data-day={day.dayOfWeek} aria-pressed={day.dayOfWeek === chosenDay} onClick={() => setChosenDay(day.dayOfWeek)}>
            <span aria-hidden="true">{shortDayName(day.dayOfWeek)}</span>
            <span class="visually-hidden">{day.name}</span>
            {[...draft.keys()].some((cell) => cell.startsWith(`${day.dayOfWeek}-`)) ? <span title="Есть несохранённые отметки"> •<span class="visually-hidden">, есть несохранённые отметки</span></span> : null}
          </button>
        ))}
      </div>
      <div class="table-scroll">
        <table class="data-table preference-grid">
          <caption class="visually-hidden">Пожелания по дням недели и парам</caption>
          <thead>
            <tr>
              <th scope="col">Пара</th>
              {days.map((day) => (
                <th scope="col" key={day.dayOfWeek} class={dayClass(day.dayOfWeek)}>{day.name}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {meta.timeSlots.map((slot) => (
              <tr key={slot.id}>
                <th scope="row">{`${slot.orderNumber}-я, ${formatTime(slot.startTime)}–${formatTime(slot.endTime)}`}</th>
                {days.map((day) => {
                  const cell = `${day.dayOfWeek}-${slot.id}`;
                  const wish = current(day.dayOfWeek, slot.id);
                  const value = shown(day.dayOfWeek, slot.id);
                  const unsaved = draft.has(cell);
                  return (
                    <td key={cell} class={`${dayClass(day.dayOfWeek)} wish${value ? ` wish-${value.toLowerCase()}` : ''}${unsaved ? ' wish-unsaved' : ''}`}>
                      <select aria-label={`${day.name}, ${slot.orderNumber}-я пара`} value={value} disabled={busy} onChange={(event) => mark(day.dayOfWeek, slot.id, event.currentTarget.value)}>
                        <option value="">—</option>
                        {CELL_TYPES.map((type) => (
                          <option key={type} value={type}>{CELL_NAMES[type]}</option>
                        ))}
                      </select>
                      {unsaved ? <span class="wish-status">не сохранено</span> : wish ? <span class="wish-status">{PREFERENCE_STATUS_NAMES[wish.status]}</span> : null}
                      {outcome?.kind === 'refused' && outcome.cell === cell ? <ErrorLine message={outcome.message} /> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div class="grid-actions">
        <button type="button" class="primary" disabled={busy || draft.size === 0} onClick={() => void save()}>
          {busy ? 'Сохранение…' : 'Сохранить пожелания'}
        </button>
        {draft.size > 0 ? (
          <>
            <p class="unsaved-count">{`Не сохранено ячеек: ${draft.size}`}</p>
            <button type="button" class="link-button" disabled={busy} onClick={() => (setDraft(new Map()), setOutcome(undefined))}>
              Отменить изменения
            </button>
          </>
        ) : null}
        {outcome?.kind === 'saved' ? (
          <p class="status" role="status">
            {outcome.message}
          </p>
        ) : null}
        {outcome?.kind === 'refused' && !outcome.cell ? <ErrorLine message={outcome.message} /> : null}
      </div>
    </>
  );
}

function DateForm({ meta, semesterId, changed }: { meta: Meta; semesterId: number; changed: () => void }) {
  const semester = meta.semesters.find((item) => item.id === semesterId);
  const form = useApiForm<{ preferenceDate: string; preferenceType: PreferenceType; comment: string }>({
    initial: { preferenceDate: '', preferenceType: 'HARD_UNAVAILABLE', comment: '' },
    send: async (values) => {
      const created = await data(api.POST('/api/teacher-preferences', { body: { semesterId, preferenceType: values.preferenceType, preferenceDate: values.preferenceDate, comment: values.comment || null } }));
      changed();
      return `Отправлено на утверждение: ${describe(created, meta)}`;
    },
    otherwise: 'preferenceDate',
    resetOnSuccess: true,
  });
  return (
    <ApiFormFrame form={form} label="Пожелание на целый день" submitText="Отправить">
      <Field
        label="Дата"
        error={form.errorAt('preferenceDate')}
        control={(props) => <input {...props} type="date" min={semester?.startDate} max={semester?.endDate} value={form.values.preferenceDate} onInput={(event) => form.set('preferenceDate', event.currentTarget.value)} />}
      />
      <Field
        label="Отметка на день"
        control={(props) => (
          <select {...props} value={form.values.preferenceType} onChange={(event) => form.set('preferenceType', event.currentTarget.value as PreferenceType)}>
            {CELL_TYPES.map((type) => (
              <option key={type} value={type}>{CELL_NAMES[type]}</option>
            ))}
          </select>
        )}
      />
      <Field label="Комментарий к дню" control={(props) => <input {...props} maxLength={1000} value={form.values.comment} onInput={(event) => form.set('comment', event.currentTarget.value)} />} />
    </ApiFormFrame>
  );
}

function ShapeForm({ meta, semesterId, changed }: { meta: Meta; semesterId: number; changed: () => void }) {
  const form = useApiForm<{ preferenceType: PreferenceType; dayOfWeek: string }>({
    initial: { preferenceType: 'CONSECUTIVE', dayOfWeek: '' },
    send: async (values) => {
      const created = await data(
        api.POST('/api/teacher-preferences', { body: { semesterId, preferenceType: values.preferenceType, dayOfWeek: values.dayOfWeek ? Number(values.dayOfWeek) : null } }),
      );
      changed();
      return `Отправлено на утверждение: ${describe(created, meta)}`;
    },
    otherwise: 'preferenceType',
  });
  const label = (code: PreferenceType) => meta.preferenceTypes.find((option) => option.code === code)?.label ?? code;
  return (
    <ApiFormFrame form={form} label="Расположение занятий" submitText="Отправить">
      <Field
        label="Пожелание"
        error={form.errorAt('preferenceType')}
        control={(props) => (
          <select {...props} value={form.values.preferenceType} onChange={(event) => form.set('preferenceType', event.currentTarget.value as PreferenceType)}>
            <option value="CONSECUTIVE">{label('CONSECUTIVE')}</option>
            <option value="NO_GAPS">{label('NO_GAPS')}</option>
          </select>
        )}
      />
      <Field
        label="День недели"
        control={(props) => (
          <select {...props} value={form.values.dayOfWeek} onChange={(event) => form.set('dayOfWeek', event.currentTarget.value)}>
            <option value="">Весь семестр</option>
            {meta.days.map((day) => (
              <option key={day.dayOfWeek} value={String(day.dayOfWeek)}>{day.name}</option>
            ))}
          </select>
        )}
      />
    </ApiFormFrame>
  );
}

function PreferenceList({ meta, rows, changed }: { meta: Meta; rows: ReturnType<typeof useLoad<Preference[]>>; changed: () => void }) {
  const [refusal, setRefusal] = useState<{ id: number; message: string }>();
  async function withdraw(preference: Preference) {
    setRefusal(undefined);
    try {
      await data(api.DELETE('/api/teacher-preferences/{id}', { params: { path: { id: preference.id } } }));
      changed();
    } catch (error) {
      setRefusal({ id: preference.id, message: messageOf(error) });
    }
  }
  return (
    <DataTable<Preference>
      caption="Пожелания семестра"
        stacked
      rows={rows}
      rowKey={(preference) => preference.id}
      empty="Пожеланий на этот семестр нет."
      columns={[
        { title: 'Пожелание', cell: (preference) => describe(preference, meta) },
        {
          title: 'Статус',
          cell: (preference) => (
            <>
              <strong>{PREFERENCE_STATUS_NAMES[preference.status]}</strong>
              {preference.reviewComment ? <p class="hint">{`Комментарий: ${preference.reviewComment}`}</p> : null}
            </>
          ),
          compare: (a, b) => a.status.localeCompare(b.status),
        },
        {
          title: 'Действия',
          cell: (preference) =>
            active(preference) ? (
              <>
                <button type="button" onClick={() => void withdraw(preference)} aria-label={`Отозвать: ${describe(preference, meta)}`}>
                  Отозвать
                </button>
                {refusal?.id === preference.id ? <ErrorLine message={refusal.message} /> : null}
              </>
            ) : null,
        },
      ]}
    />
  );
}

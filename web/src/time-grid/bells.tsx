// /admin/#bells «Звонки» (spec 4.6): the base, Saturday and manual grids with their pairs (number,
// start, end; the API computes the duration), manual grids created, renamed and deleted, and the dates
// a manual grid replaces the usual one on, shown on a month calendar.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { messageOf } from '../shared/errors';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { DataTable } from '../shared/table';
import { ErrorLine, Status, useLastLoaded, useLoad } from '../shared/ui';
import { DateAssignments } from './date-assignments';

export type Scope = Schemas['GridScopeResponse'];
type Slot = Schemas['TimeSlotResponse'];

export const MODE_NAMES: Record<Scope['scopeApplyMode'], string> = {
  DEFAULT: 'основная, действует по умолчанию',
  SATURDAY: 'субботняя, действует по субботам',
  MANUAL: 'ручная, действует в назначенные даты',
};
const MODE_ORDER: Scope['scopeApplyMode'][] = ['DEFAULT', 'SATURDAY', 'MANUAL'];

const hhmm = (time: string) => time.slice(0, 5);

export default function Bells() {
  const scopes = useLoad(() => data(api.GET('/api/admin/time-slots/scopes')), []);
  const slots = useLoad(() => data(api.GET('/api/admin/time-slots')), []);
  const reload = () => {
    scopes.reload();
    slots.reload();
  };
  const scopeList = useLastLoaded(scopes);
  const grids = scopeList ? [...scopeList].sort((a, b) => MODE_ORDER.indexOf(a.scopeApplyMode) - MODE_ORDER.indexOf(b.scopeApplyMode) || a.name.localeCompare(b.name, 'ru')) : [];
  const allSlots = useLastLoaded(slots) ?? [];
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Звонки</h1>
      <p class="hint">Основная сетка действует по умолчанию, субботняя — по субботам, ручная — только в назначенные ей даты (и важнее субботней).</p>
      {!scopeList && (scopes.state === 'loading' || slots.state === 'loading') ? <Status>Загрузка…</Status> : null}
      {scopes.state === 'error' ? <ErrorLine message={scopes.message} /> : null}
      {slots.state === 'error' ? <ErrorLine message={slots.message} /> : null}
      {grids.map((grid) => (
        <GridPanel key={grid.id} grid={grid} slots={allSlots.filter((slot) => slot.scopeId === grid.id)} onChanged={reload} />
      ))}
      {scopeList ? <NewManualGrid onCreated={reload} /> : null}
      {scopeList ? <DateAssignments manualGrids={grids.filter((grid) => grid.scopeApplyMode === 'MANUAL')} /> : null}
    </section>
  );
}

function GridPanel({ grid, slots, onChanged }: { grid: Scope; slots: Slot[]; onChanged: () => void }) {
  const [editing, setEditing] = useState<number>();
  const [failure, setFailure] = useState<string>();
  // The new-pair form starts afresh after each pair (with the next number), so its success line lives here.
  const [added, setAdded] = useState<string>();
  const ordered = [...slots].sort((a, b) => a.orderNumber - b.orderNumber);
  const headingId = `grid-${grid.id}-title`;

  async function remove(slot: Slot): Promise<void> {
    setFailure(undefined);
    try {
      await data(api.DELETE('/api/admin/time-slots/{id}', { params: { path: { id: slot.id } } }));
      onChanged();
    } catch (error) {
      setFailure(messageOf(error));
    }
  }
  async function removeGrid(): Promise<void> {
    setFailure(undefined);
    try {
      await data(api.DELETE('/api/admin/time-slots/scopes/{id}', { params: { path: { id: grid.id } } }));
      onChanged();
    } catch (error) {
      setFailure(messageOf(error));
    }
  }

  return (
    <section class="panel bell-grid" aria-labelledby={headingId} data-grid={grid.scopeApplyMode}>
      <h2 id={headingId}>
        {grid.name} <span class="hint">{`(${MODE_NAMES[grid.scopeApplyMode]})`}</span>
      </h2>
      {failure ? <ErrorLine message={failure} /> : null}
      <DataTable<Slot>
        caption={`Пары сетки «${grid.name}»: ${ordered.length}`}
        rows={{ state: 'done', data: ordered }}
        rowKey={(slot) => slot.id}
        pageSize={100}
        empty={grid.scopeApplyMode === 'SATURDAY' ? 'Пар нет: по субботам действует основная сетка.' : 'Пар пока нет.'}
        columns={[
          { title: 'Пара', rowHeader: true, cell: (slot) => `${slot.orderNumber} пара` },
          { title: 'Начало', cell: (slot) => hhmm(slot.startTime) },
          { title: 'Окончание', cell: (slot) => hhmm(slot.endTime) },
          { title: 'Длительность', cell: (slot) => `${slot.durationMinutes} мин` },
          {
            title: 'Действия',
            class: 'row-actions',
            cell: (slot) => (
              <>
                <button type="button" class="link-button" aria-label={`Изменить ${slot.orderNumber} пару сетки «${grid.name}»`} onClick={() => setEditing(slot.id)}>
                  Изменить
                </button>
                <button type="button" class="link-button" aria-label={`Удалить ${slot.orderNumber} пару сетки «${grid.name}»`} onClick={() => void remove(slot)}>
                  Удалить
                </button>
              </>
            ),
          },
        ]}
      />
      {ordered
        .filter((slot) => slot.id === editing)
        .map((slot) => (
          <SlotForm
            key={slot.id}
            grid={grid}
            slot={slot}
            onSaved={() => {
              setEditing(undefined);
              onChanged();
            }}
            onCancel={() => setEditing(undefined)}
          />
        ))}
      {added ? (
        <p class="notice notice-info" role="status">
          {`Добавлена ${added}`}
        </p>
      ) : null}
      <SlotForm
        key={`new-${ordered.length}`}
        grid={grid}
        next={(ordered[ordered.length - 1]?.orderNumber ?? 0) + 1}
        onSaved={(text) => {
          setAdded(text);
          onChanged();
        }}
      />
      {grid.scopeApplyMode === 'MANUAL' ? <RenameGrid grid={grid} onSaved={onChanged} onDelete={() => void removeGrid()} /> : null}
    </section>
  );
}

function SlotForm({ grid, slot, next, onSaved, onCancel }: { grid: Scope; slot?: Slot; next?: number; onSaved: (text: string) => void; onCancel?: () => void }) {
  const form = useApiForm({
    initial: { orderNumber: String(slot?.orderNumber ?? next ?? 1), startTime: slot ? hhmm(slot.startTime) : '', endTime: slot ? hhmm(slot.endTime) : '' },
    send: async (values) => {
      const body = { scopeId: grid.id, orderNumber: Number(values.orderNumber), startTime: values.startTime, endTime: values.endTime };
      const saved = slot
        ? await data(api.PUT('/api/admin/time-slots/{id}', { params: { path: { id: slot.id } }, body }))
        : await data(api.POST('/api/admin/time-slots', { body }));
      const text = `${saved.orderNumber} пара: ${hhmm(saved.startTime)}–${hhmm(saved.endTime)} (${saved.durationMinutes} мин).`;
      onSaved(text);
      return text;
    },
  });
  const label = slot ? `${slot.orderNumber} пара сетки «${grid.name}»` : `Новая пара сетки «${grid.name}»`;
  return (
    <div class="slot-form">
      <h3>{slot ? `Изменить: ${slot.orderNumber} пара` : 'Новая пара'}</h3>
      <ApiFormFrame form={form} label={label} submitText={slot ? 'Сохранить пару' : 'Добавить пару'}>
        <div class="inline-form">
          <Field
            label="Номер пары"
            error={form.errorAt('orderNumber')}
            control={(props) => <input {...props} type="number" min={1} step={1} value={form.values.orderNumber} onInput={(event) => form.set('orderNumber', event.currentTarget.value)} />}
          />
          <Field label="Начало" error={form.errorAt('startTime')} control={(props) => <input {...props} type="time" value={form.values.startTime} onInput={(event) => form.set('startTime', event.currentTarget.value)} />} />
          <Field label="Окончание" error={form.errorAt('endTime')} control={(props) => <input {...props} type="time" value={form.values.endTime} onInput={(event) => form.set('endTime', event.currentTarget.value)} />} />
        </div>
      </ApiFormFrame>
      {onCancel ? (
        <button type="button" class="link-button" onClick={onCancel}>
          Отменить изменение
        </button>
      ) : null}
    </div>
  );
}

function RenameGrid({ grid, onSaved, onDelete }: { grid: Scope; onSaved: () => void; onDelete: () => void }) {
  const form = useApiForm({
    initial: { name: grid.name },
    otherwise: 'name',
    send: async (values) => {
      const saved = await data(api.PUT('/api/admin/time-slots/scopes/{id}', { params: { path: { id: grid.id } }, body: { name: values.name.trim() } }));
      onSaved();
      return `Сетка переименована: «${saved.name}».`;
    },
  });
  return (
    <details class="grid-settings">
      <summary>{`Название и удаление сетки «${grid.name}»`}</summary>
      <ApiFormFrame form={form} label={`Переименовать сетку «${grid.name}»`} submitText="Переименовать">
        <Field label="Название сетки" error={form.errorAt('name')} control={(props) => <input {...props} value={form.values.name} maxLength={255} onInput={(event) => form.set('name', event.currentTarget.value)} />} />
      </ApiFormFrame>
      <button type="button" class="danger" onClick={onDelete}>
        {`Удалить сетку «${grid.name}»`}
      </button>
    </details>
  );
}

function NewManualGrid({ onCreated }: { onCreated: () => void }) {
  const form = useApiForm({
    initial: { name: '' },
    resetOnSuccess: true,
    otherwise: 'name',
    send: async (values) => {
      const created = await data(api.POST('/api/admin/time-slots/scopes', { body: { name: values.name.trim() } }));
      onCreated();
      return `Создана ручная сетка «${created.name}»: добавьте ей пары и назначьте даты.`;
    },
  });
  return (
    <section class="panel" aria-labelledby="new-grid-title">
      <h2 id="new-grid-title">Новая ручная сетка</h2>
      <ApiFormFrame form={form} label="Новая ручная сетка" submitText="Создать сетку">
        <Field label="Название новой сетки" error={form.errorAt('name')} control={(props) => <input {...props} value={form.values.name} maxLength={255} onInput={(event) => form.set('name', event.currentTarget.value)} />} />
      </ApiFormFrame>
    </section>
  );
}

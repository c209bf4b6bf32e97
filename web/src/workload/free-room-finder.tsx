// /admin/#free-rooms: the office's and a department's free-room finder (issue 45 §5). A date and a pair
// of that day's bell grid, and optionally the seats, the building and the equipment needed: the rooms
// in use that no actual lesson (one-off changes applied) occupies then, smallest fitting first
// (`GET /api/workload/free-classrooms`). A refusal is shown at the field it names.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatLongDate, formatTime, todayAtUniversity } from '../shared/dates';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { completeDate, dateProblem, useSettled } from '../shared/settled';
import { DataTable } from '../shared/table';
import { ErrorLine, Status, useLoad } from '../shared/ui';

type Room = Schemas['FreeClassroomRow'];

interface Values extends Record<string, unknown> {
  date: string;
  timeSlotId: string;
  minCapacity: string;
  building: string;
  equipmentIds: number[];
}

export default function FreeRoomFinder() {
  const [found, setFound] = useState<{ when: string; rooms: Room[] }>();
  const equipment = useLoad(() => data(api.GET('/api/equipments')), []);
  const form = useApiForm<Values>({
    initial: { date: todayAtUniversity(), timeSlotId: '', minCapacity: '', building: '', equipmentIds: [] },
    otherwise: 'timeSlotId',
    send: async (values) => {
      const rooms = (await data(
        api.GET('/api/workload/free-classrooms', {
          params: {
            query: {
              date: values.date,
              timeSlotId: values.timeSlotId ? Number(values.timeSlotId) : undefined,
              minCapacity: values.minCapacity.trim() ? Number(values.minCapacity) : undefined,
              building: values.building.trim() || undefined,
              equipmentIds: values.equipmentIds.length ? values.equipmentIds : undefined,
            },
          },
        }),
      )) as Room[];
      const pair = grid.state === 'done' && grid.data ? grid.data.slots.find((slot) => String(slot.id) === values.timeSlotId) : undefined;
      const when = `${formatLongDate(values.date)}${pair ? `, ${pair.orderNumber}-я пара (${formatTime(pair.startTime)}–${formatTime(pair.endTime)})` : ''}`;
      setFound({ when, rooms });
      return `Свободных аудиторий: ${rooms.length}`;
    },
  });
  const { values } = form;
  // The day's pairs are asked for once the date is complete and typing has paused.
  const typedDate = useSettled(values.date);
  const gridDate = completeDate(typedDate) ? typedDate : '';
  const grid = useLoad(() => (gridDate ? data(api.GET('/api/admin/time-slots/effective', { params: { query: { date: gridDate } } })) : Promise.resolve(null)), [gridDate]);
  const pairs = grid.state === 'done' && grid.data ? grid.data.slots : [];

  return (
    <>
      <h1 id="page-title">Свободные аудитории</h1>
      <p class="hint">Аудитории в работе, не занятые ни одним занятием в эту пару (с учётом разовых изменений), сначала самые маленькие из подходящих.</p>
      <ApiFormFrame form={form} label="Поиск свободной аудитории" submitText="Найти">
        <div class="filters">
          <Field
            label="Дата"
            error={form.errorAt('date') ?? (typedDate === values.date ? (completeDate(values.date) ? undefined : dateProblem(values.date)) : undefined)}
            control={(props) => <input {...props} type="date" value={values.date} onChange={(event) => (form.set('date', event.currentTarget.value), form.set('timeSlotId', ''))} />}
          />
          <Field
            label="Пара"
            error={form.errorAt('timeSlotId') ?? (grid.state === 'error' ? grid.message : undefined)}
            hint={grid.state === 'done' && grid.data ? `Сетка дня: ${grid.data.scopeName}` : undefined}
            control={(props) => (
              <select {...props} value={values.timeSlotId} onChange={(event) => form.set('timeSlotId', event.currentTarget.value)}>
                <option value="">Выберите пару</option>
                {pairs.map((slot) => (
                  <option key={slot.id} value={slot.id}>{`${slot.orderNumber}-я пара, ${formatTime(slot.startTime)}–${formatTime(slot.endTime)}`}</option>
                ))}
              </select>
            )}
          />
          <Field
            label="Мест не меньше"
            error={form.errorAt('minCapacity')}
            control={(props) => <input {...props} type="number" min={1} inputMode="numeric" value={values.minCapacity} onInput={(event) => form.set('minCapacity', event.currentTarget.value)} />}
          />
          <Field label="Корпус" error={form.errorAt('building')} control={(props) => <input {...props} type="text" value={values.building} onInput={(event) => form.set('building', event.currentTarget.value)} />} />
        </div>
        <fieldset class={`kinds${form.errorAt('equipmentIds') ? ' field-invalid' : ''}`}>
          <legend>Оборудование</legend>
          {equipment.state === 'loading' ? <Status>Загрузка…</Status> : null}
          {equipment.state === 'error' ? <ErrorLine message={equipment.message} /> : null}
          {equipment.state === 'done'
            ? equipment.data.map((item) => (
                <label class="check" key={item.id}>
                  <input
                    type="checkbox"
                    checked={values.equipmentIds.includes(item.id)}
                    onChange={(event) => form.set('equipmentIds', event.currentTarget.checked ? [...values.equipmentIds, item.id] : values.equipmentIds.filter((id) => id !== item.id))}
                  />
                  {item.name}
                </label>
              ))
            : null}
          {form.errorAt('equipmentIds') ? <ErrorLine message={form.errorAt('equipmentIds') ?? ''} /> : null}
        </fieldset>
      </ApiFormFrame>
      {found ? (
        <section class="panel" aria-labelledby="free-rooms-title">
          <h2 id="free-rooms-title">{`Свободно ${found.when}`}</h2>
          <DataTable<Room>
            caption="Свободные аудитории"
            captionHidden
            rows={{ state: 'done', data: found.rooms }}
            rowKey={(room) => room.id}
            // One search's answer, read from the top (smallest fitting first): every room on one page.
            pageSize={Math.max(found.rooms.length, 1)}
            empty="Подходящих свободных аудиторий нет."
            id="free-rooms"
            rowProps={(room) => ({ 'data-id': String(room.id) })}
            stacked
            columns={[
              { title: 'Аудитория', cell: (room) => room.name },
              { title: 'Мест', cell: (room) => room.capacity },
              { title: 'Корпус, этаж', cell: (room) => [room.building, room.floor === null ? '' : `${room.floor} этаж`].filter(Boolean).join(', ') },
              { title: 'Оборудование', cell: (room) => room.equipments.map((item) => item.name).join(', ') },
            ]}
          />
        </section>
      ) : null}
    </>
  );
}

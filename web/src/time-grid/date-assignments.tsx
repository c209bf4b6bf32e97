// The dates a manual grid replaces the usual one on (spec 4.6), on a month calendar: each assigned day
// names its grid and can be freed; a day's «Выбрать» puts it into the form that assigns a grid.
import { useState } from 'preact/hooks';
import { api, data } from '../api/client';
import { DAY_NAMES, formatLongDate, formatMonthYear, isDate, isoDay, plusDays, todayAtUniversity } from '../shared/dates';
import { messageOf } from '../shared/errors';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { ErrorLine, Status, useLoad } from '../shared/ui';
import type { Scope } from './bells';

const WEEKDAYS = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'];

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
function shiftMonth(first: string, by: number): string {
  const moment = new Date(`${first}T00:00:00Z`);
  moment.setUTCMonth(moment.getUTCMonth() + by);
  return moment.toISOString().slice(0, 10);
}
/** The month of the address's `?date=` (as the week views keep it), else this month. */
function initialDate(): string {
  const wanted = new URLSearchParams(location.search).get('date');
  return isDate(wanted) ? wanted : todayAtUniversity();
}
const lastOfMonth = (first: string) => plusDays(shiftMonth(first, 1), -1);

export function DateAssignments({ manualGrids }: { manualGrids: Scope[] }) {
  const [month, setMonth] = useState(() => firstOfMonth(initialDate()));
  const [failure, setFailure] = useState<string>();
  const last = lastOfMonth(month);
  const assignments = useLoad(() => data(api.GET('/api/admin/time-slots/date-assignments', { params: { query: { startDate: month, endDate: last } } })), [month]);
  const byDate = new Map((assignments.state === 'done' ? assignments.data : []).map((item) => [item.date, item]));

  const gridOf = (scopeId: string): string => (manualGrids.some((grid) => String(grid.id) === scopeId) ? scopeId : String(manualGrids[0]?.id ?? ''));
  const form = useApiForm({
    initial: { date: '', scopeId: '' },
    send: async (values) => {
      const created = await data(api.POST('/api/admin/time-slots/date-assignments', { body: { date: values.date, scopeId: Number(gridOf(values.scopeId)) } }));
      if (firstOfMonth(created.date) === month) assignments.reload();
      else setMonth(firstOfMonth(created.date));
      return `На ${formatLongDate(created.date)} назначена сетка «${created.scopeName}».`;
    },
  });

  // The grid chosen, or the first manual grid (the list changes as grids are created and deleted).
  const chosenGrid = gridOf(form.values.scopeId);

  async function remove(id: number): Promise<void> {
    setFailure(undefined);
    try {
      await data(api.DELETE('/api/admin/time-slots/date-assignments/{id}', { params: { path: { id } } }));
      assignments.reload();
    } catch (error) {
      setFailure(messageOf(error));
    }
  }

  // Weeks of the month, Monday first; days of other months are blank.
  const weeks: (string | null)[][] = [];
  let week: (string | null)[] = Array.from({ length: isoDay(month) - 1 }, () => null);
  for (let date = month; date <= last; date = plusDays(date, 1)) {
    week.push(date);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);

  return (
    <section class="panel" aria-labelledby="assignments-title">
      <h2 id="assignments-title">Ручные сетки по датам</h2>
      {manualGrids.length === 0 ? (
        <p class="empty">Ручных сеток нет: создайте сетку, чтобы назначать её на даты.</p>
      ) : (
        <ApiFormFrame form={form} label="Назначить ручную сетку на дату" submitText="Назначить сетку">
          <div class="inline-form">
            <Field
              label="Дата"
              error={form.errorAt('date')}
              hint={isDate(form.values.date) ? formatLongDate(form.values.date) : undefined}
              control={(props) => <input {...props} type="date" value={form.values.date} onInput={(event) => form.set('date', event.currentTarget.value)} />}
            />
            <Field
              label="Ручная сетка"
              error={form.errorAt('scopeId')}
              control={(props) => (
                <select {...props} value={chosenGrid} onChange={(event) => form.set('scopeId', event.currentTarget.value)}>
                  {manualGrids.map((grid) => (
                    <option key={grid.id} value={grid.id}>
                      {grid.name}
                    </option>
                  ))}
                </select>
              )}
            />
          </div>
        </ApiFormFrame>
      )}
      <div class="week-nav">
        <button type="button" onClick={() => setMonth(shiftMonth(month, -1))}>
          ← Предыдущий месяц
        </button>
        <button type="button" onClick={() => setMonth(shiftMonth(month, 1))}>
          Следующий месяц →
        </button>
      </div>
      {assignments.state === 'loading' ? <Status>Загрузка…</Status> : null}
      {assignments.state === 'error' ? <ErrorLine message={assignments.message} /> : null}
      {failure ? <ErrorLine message={failure} /> : null}
      <div class="table-scroll">
        <table class="month-calendar" id="assignments-month">
          <caption>{formatMonthYear(month)}</caption>
          <thead>
            <tr>
              {WEEKDAYS.map((day, index) => (
                <th scope="col" key={day}>
                  <abbr title={DAY_NAMES[index]}>{day}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((days) => (
              <tr key={days.find(Boolean)}>
                {days.map((date, index) => {
                  if (!date) return <td key={index} class="blank" />;
                  const assigned = byDate.get(date);
                  return (
                    <td key={date} data-date={date} class={assigned ? 'assigned' : undefined}>
                      <span class="month-day">{Number(date.slice(8))}</span>
                      {assigned ? (
                        <>
                          <span class="assigned-grid">{assigned.scopeName}</span>
                          <button type="button" class="link-button" aria-label={`Снять сетку «${assigned.scopeName}» с ${formatLongDate(date)}`} onClick={() => void remove(assigned.id)}>
                            Снять
                          </button>
                        </>
                      ) : (
                        <button type="button" class="link-button" aria-label={`Выбрать ${formatLongDate(date)}`} onClick={() => form.set('date', date)}>
                          Выбрать
                        </button>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

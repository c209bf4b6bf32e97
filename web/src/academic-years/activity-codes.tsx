// Activity codes (spec 4.7): the list with each code's colour drawn with the code as text, a new code,
// a code changed in place, and an unused code deleted (after a confirmation; the API refuses a code in use). Whether ordinary lessons may be held on such days is said in words.
import { useState } from 'preact/hooks';
import { api, data } from '../api/client';
import { Dialog, RemoveConfirm } from '../shared/dialog';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { DataTable } from '../shared/table';
import { useLastLoaded, type Loaded } from '../shared/ui';
import { ActivityBadge, type ActivityType } from './activity-colour';

export function ActivityCodes({ activities, onChanged }: { activities: Loaded<ActivityType[]>; onChanged: () => void }) {
  const [editing, setEditing] = useState<number>();
  const [removing, setRemoving] = useState<ActivityType>();
  const [notice, setNotice] = useState<string>();
  const list = useLastLoaded(activities) ?? [];
  const edited = list.find((item) => item.id === editing);
  return (
    <section class="panel" aria-labelledby="activities-title">
      <h2 id="activities-title">Коды активности</h2>
      {notice ? (
        <p class="notice notice-info" role="status">
          {notice}
        </p>
      ) : null}
      <DataTable<ActivityType>
        id="activities-table"
        caption={`Кодов активности: ${list.length}`}
        rows={activities}
        rowKey={(activity) => activity.id}
        rowProps={(activity) => ({ 'data-code': activity.code })}
        pageSize={100}
        empty="Кодов активности нет."
        columns={[
          { title: 'Код', rowHeader: true, cell: (activity) => <ActivityBadge activity={activity} /> },
          { title: 'Название', cell: (activity) => activity.name },
          { title: 'Цвет', cell: (activity) => activity.colorCode ?? 'без цвета' },
          { title: 'Занятия', cell: (activity) => (activity.allowSchedule ? 'проводятся' : 'не проводятся') },
          { title: 'Порядок', cell: (activity) => activity.displayOrder },
          { title: 'Описание', cell: (activity) => activity.description ?? '' },
          {
            title: 'Действия',
            class: 'row-actions',
            cell: (activity) => (
              <>
                <button type="button" class="link-button" aria-label={`Изменить код ${activity.code}`} onClick={() => (setNotice(undefined), setEditing(activity.id))}>
                  Изменить
                </button>
                <button type="button" class="link-button" aria-label={`Удалить код ${activity.code}`} onClick={() => (setNotice(undefined), setRemoving(activity))}>
                  Удалить
                </button>
              </>
            ),
          },
        ]}
      />
      {edited ? (
        <ActivityForm
          key={edited.id}
          activity={edited}
          onSaved={() => {
            setEditing(undefined);
            onChanged();
          }}
        />
      ) : null}
      <ActivityForm key="new" onSaved={onChanged} />
      <Dialog title={removing ? `Удалить код «${removing.code}»` : ''} open={removing !== undefined} onClose={() => setRemoving(undefined)}>
        {removing ? (
          <RemoveConfirm
            key={removing.id}
            question={`Удалить код активности «${removing.code}» (${removing.name})? Это действие нельзя отменить.`}
            run={() => data(api.DELETE('/api/admin/calendar/activity-types/{id}', { params: { path: { id: removing.id } } }))}
            onDone={() => {
              if (editing === removing.id) setEditing(undefined);
              setRemoving(undefined);
              setNotice(`Код активности «${removing.code}» удалён.`);
              onChanged();
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

function ActivityForm({ activity, onSaved }: { activity?: ActivityType; onSaved: () => void }) {
  const form = useApiForm({
    initial: {
      code: activity?.code ?? '',
      name: activity?.name ?? '',
      allowSchedule: activity?.allowSchedule ?? false,
      colorCode: activity?.colorCode ?? '#cfe2ff',
      displayOrder: String(activity?.displayOrder ?? 0),
      description: activity?.description ?? '',
    },
    resetOnSuccess: !activity,
    send: async (values) => {
      const body = {
        code: values.code.trim(),
        name: values.name.trim(),
        allowSchedule: values.allowSchedule,
        colorCode: values.colorCode || null,
        displayOrder: Number(values.displayOrder || 0),
        description: values.description.trim() || null,
      };
      const saved = activity
        ? await data(api.PUT('/api/admin/calendar/activity-types/{id}', { params: { path: { id: activity.id } }, body }))
        : await data(api.POST('/api/admin/calendar/activity-types', { body }));
      onSaved();
      return `Код «${saved.code}» (${saved.name}) ${activity ? 'сохранён' : 'создан'}.`;
    },
  });
  const title = activity ? `Код «${activity.code}»` : 'Новый код активности';
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <ApiFormFrame form={form} label={title} submitText={activity ? 'Сохранить код' : 'Создать код'}>
        <Field label="Код" error={form.errorAt('code')} control={(props) => <input {...props} value={form.values.code} maxLength={16} onInput={(event) => form.set('code', event.currentTarget.value)} />} />
        <Field label="Название" error={form.errorAt('name')} control={(props) => <input {...props} value={form.values.name} maxLength={255} onInput={(event) => form.set('name', event.currentTarget.value)} />} />
        <div class="colour-field">
          <Field
            label="Цвет"
            error={form.errorAt('colorCode')}
            hint="Текст на цвете подбирается чёрный или белый, чтобы код читался."
            control={(props) => <input {...props} type="color" value={form.values.colorCode} onInput={(event) => form.set('colorCode', event.currentTarget.value)} />}
          />
          <p class="colour-preview">
            {'Так код выглядит в графике: '}
            <ActivityBadge activity={{ code: form.values.code || '?', name: form.values.name, colorCode: form.values.colorCode }} />
          </p>
        </div>
        <label class="check">
          <input type="checkbox" checked={form.values.allowSchedule} onChange={(event) => form.set('allowSchedule', event.currentTarget.checked)} /> В такие дни проводятся
          обычные занятия
        </label>
        <Field
          label="Порядок в списке"
          error={form.errorAt('displayOrder')}
          control={(props) => <input {...props} type="number" min={0} step={1} value={form.values.displayOrder} onInput={(event) => form.set('displayOrder', event.currentTarget.value)} />}
        />
        <Field
          label="Описание"
          error={form.errorAt('description')}
          control={(props) => <textarea {...props} rows={2} value={form.values.description} onInput={(event) => form.set('description', event.currentTarget.value)} />}
        />
      </ApiFormFrame>
    </section>
  );
}

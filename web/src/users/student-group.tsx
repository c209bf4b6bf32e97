// A student's own group on the user's card (ADMIN): the student's page opens on it on any device
// (`PUT /api/users/{id}/group`; null removes it). The refusal (no student, unknown or archived group)
// is shown at the group's field.
import { api, data } from '../api/client';
import { ApiFormFrame, useApiForm } from '../shared/form';
import { findGroups } from '../shared/options';
import { Picker, type Choice } from '../shared/picker';
import { ErrorLine, useLoad } from '../shared/ui';

export function StudentGroupForm({ userId }: { userId: number }) {
  const current = useLoad(() => data(api.GET('/api/users/{id}/group', { params: { path: { id: userId } } })), [userId]);
  if (current.state === 'loading') return null;
  if (current.state === 'error') return <ErrorLine message={current.message} />;
  const group = current.data.groupId === null ? undefined : { id: current.data.groupId, label: current.data.groupName ?? '' };
  return <GroupForm key={group?.id ?? 'none'} userId={userId} group={group} onSaved={current.reload} />;
}

function GroupForm({ userId, group, onSaved }: { userId: number; group?: Choice; onSaved: () => void }) {
  const form = useApiForm<{ group?: Choice }>({
    initial: { group },
    fields: { groupId: 'group' },
    otherwise: 'group',
    send: async (values) => {
      const saved = await data(api.PUT('/api/users/{id}/group', { params: { path: { id: userId } }, body: { groupId: values.group?.id ?? null } }));
      onSaved();
      return saved.groupName ? `Группа студента: ${saved.groupName}` : 'Группа студента убрана';
    },
  });
  const error = form.errorAt('group');
  return (
    <ApiFormFrame form={form} label="Группа студента" submitText="Сохранить группу">
      <div class={`field${error ? ' field-invalid' : ''}`}>
        <Picker key={form.values.group?.id ?? 'none'} label="Группа студента" placeholder="Начните вводить название группы" search={findGroups} chosen={form.values.group} onPick={(item) => form.set('group', item)} />
        {form.values.group ? (
          <button type="button" class="link-button" onClick={() => form.set('group', undefined)}>
            Без группы
          </button>
        ) : (
          <p class="hint">Группа не указана: студент выбирает её сам на своём устройстве.</p>
        )}
        {error ? <ErrorLine message={error} /> : null}
      </div>
    </ApiFormFrame>
  );
}

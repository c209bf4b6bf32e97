// Creating a user (POST /api/users): login, password (at least 8 characters), role, full name, job
// title and the primary department from today; a student's group (issue 55), whose department is
// then the student's unless one is chosen. A refusal (a taken login, a short password, an archived
// group) is shown at its field and everything typed stays.
import { api, data, type Role } from '../api/client';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { findGroups } from '../shared/options';
import { Picker, type Choice } from '../shared/picker';
import { ErrorLine, type Loaded } from '../shared/ui';
import type { Department } from './departments';
import { DepartmentField, RoleField } from './fields';
import { ROLE_NAMES } from './names';

const EMPTY: { username: string; password: string; role: Role; fullName: string; jobTitle: string; departmentId: string; group?: Choice } = {
  username: '',
  password: '',
  role: 'TEACHER',
  fullName: '',
  jobTitle: '',
  departmentId: '',
  group: undefined,
};

export function CreateUser({ departments, onCreated }: { departments: Loaded<Department[]>; onCreated: () => void }) {
  const form = useApiForm({
    initial: EMPTY,
    fields: { groupId: 'group' },
    send: async (values) => {
      const group = values.role === 'STUDENT' ? values.group : undefined;
      const user = await data(
        api.POST('/api/users', {
          body: {
            username: values.username,
            password: values.password,
            role: values.role,
            fullName: values.fullName,
            jobTitle: values.jobTitle || undefined,
            // Left out when not chosen: a student's is then the group's, and otherwise the API asks for it at «departmentId».
            departmentId: values.departmentId ? Number(values.departmentId) : undefined,
            groupId: group?.id,
          },
        }),
      );
      onCreated();
      const made = `Создан пользователь «${user.fullName}» (логин ${user.username}, ${ROLE_NAMES[user.role]}${user.departmentName ? `, ${user.departmentName}` : ''})`;
      return user.groupName ? `${made}, группа ${user.groupName}` : made;
    },
    resetOnSuccess: true,
  });
  const text = (name: 'username' | 'fullName' | 'jobTitle', label: string, autoComplete = 'off') => (
    <Field label={label} error={form.errorAt(name)} control={(props) => <input {...props} autoComplete={autoComplete} value={form.values[name]} onInput={(event) => form.set(name, event.currentTarget.value)} />} />
  );
  const student = form.values.role === 'STUDENT';
  const groupError = form.errorAt('group');
  return (
    <ApiFormFrame form={form} label="Новый пользователь" submitText="Создать пользователя">
      {text('username', 'Логин')}
      <Field
        label="Пароль"
        hint="Не короче 8 символов; сообщите его пользователю"
        error={form.errorAt('password')}
        control={(props) => <input {...props} type="password" autoComplete="new-password" value={form.values.password} onInput={(event) => form.set('password', event.currentTarget.value)} />}
      />
      <RoleField label="Роль" error={form.errorAt('role')} value={form.values.role} onChange={(role) => form.set('role', role)} />
      {text('fullName', 'ФИО')}
      {text('jobTitle', 'Должность')}
      {student ? (
        <div class={`field${groupError ? ' field-invalid' : ''}`}>
          <Picker key={form.values.group?.id ?? 'none'} label="Группа студента" placeholder="Начните вводить название группы" search={findGroups} chosen={form.values.group} onPick={(item) => form.set('group', item)} />
          {form.values.group ? (
            <button type="button" class="link-button" onClick={() => form.set('group', undefined)}>
              Без группы
            </button>
          ) : (
            <p class="hint">Без группы студент не получит расписание и уведомления группы, пока её не укажут в карточке.</p>
          )}
          {groupError ? <ErrorLine message={groupError} /> : null}
        </div>
      ) : null}
      <DepartmentField
        label="Основная кафедра"
        hint={student && form.values.group ? 'Действует с сегодняшнего дня; не выбрана — кафедра группы' : 'Действует с сегодняшнего дня'}
        error={form.errorAt('departmentId')}
        value={form.values.departmentId}
        onChange={(departmentId) => form.set('departmentId', departmentId)}
        departments={departments}
      />
    </ApiFormFrame>
  );
}

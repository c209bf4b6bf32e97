// Creating a user (POST /api/users): login, password (at least 8 characters), role, full name, job
// title and the primary department from today. A refusal (a taken login, a short password) is shown
// at its field and everything typed stays.
import { api, data, type Role } from '../api/client';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import type { Loaded } from '../shared/ui';
import type { Department } from './departments';
import { DepartmentField, RoleField } from './fields';
import { ROLE_NAMES } from './names';

const EMPTY = { username: '', password: '', role: 'TEACHER' as Role, fullName: '', jobTitle: '', departmentId: '' };

export function CreateUser({ departments, onCreated }: { departments: Loaded<Department[]>; onCreated: () => void }) {
  const form = useApiForm({
    initial: EMPTY,
    send: async (values) => {
      const user = await data(
        api.POST('/api/users', {
          body: {
            username: values.username,
            password: values.password,
            role: values.role,
            fullName: values.fullName,
            jobTitle: values.jobTitle || undefined,
            // An empty choice goes as 0, which the API refuses at «departmentId».
            departmentId: Number(values.departmentId),
          },
        }),
      );
      onCreated();
      return `Создан пользователь «${user.fullName}» (логин ${user.username}, ${ROLE_NAMES[user.role]}${user.departmentName ? `, ${user.departmentName}` : ''})`;
    },
    resetOnSuccess: true,
  });
  const text = (name: 'username' | 'fullName' | 'jobTitle', label: string, autoComplete = 'off') => (
    <Field label={label} error={form.errorAt(name)} control={(props) => <input {...props} autoComplete={autoComplete} value={form.values[name]} onInput={(event) => form.set(name, event.currentTarget.value)} />} />
  );
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
      <DepartmentField
        label="Основная кафедра"
        hint="Действует с сегодняшнего дня"
        error={form.errorAt('departmentId')}
        value={form.values.departmentId}
        onChange={(departmentId) => form.set('departmentId', departmentId)}
        departments={departments}
      />
    </ApiFormFrame>
  );
}

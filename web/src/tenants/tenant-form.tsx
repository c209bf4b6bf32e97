// Adding a university or re-pointing one to another database (POST /api/database/tenants by
// domain). The connection is first checked with the API's own check (POST /api/database/test, which
// registers nothing); only when it succeeds is the university saved, which checks, migrates and swaps
// the database in while the previous one keeps serving. The password is never shown back: the field
// starts empty, also when editing, and is sent only as typed.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { messageOf } from '../shared/errors';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { ErrorLine } from '../shared/ui';

type Tenant = Schemas['TenantListItem'];

export function TenantForm({ tenant, onSaved }: { tenant?: Tenant; onSaved: (message: string) => void }) {
  const initial = {
    name: tenant?.name ?? '',
    domain: tenant?.domain ?? '',
    url: tenant?.url ?? '',
    username: tenant?.username ?? '',
    password: '',
    timeZone: tenant?.timeZone ?? '',
  };
  const connection = (values: typeof initial) => ({ url: values.url.trim(), username: values.username.trim() || null, password: values.password || null });
  const form = useApiForm({
    initial,
    send: async (values) => {
      await data(api.POST('/api/database/test', { body: connection(values) }));
      const saved = await data(api.POST('/api/database/tenants', { body: { ...connection(values), name: values.name.trim() || null, domain: values.domain.trim(), timeZone: values.timeZone.trim() || null } }));
      const message = `${saved.message}: ${values.domain.trim().toLowerCase()}`;
      onSaved(message);
      return message;
    },
    resetOnSuccess: !tenant,
  });
  // The check alone; its answer shows under its button while the connection fields stay as checked.
  const [check, setCheck] = useState<{ of: string; ok?: boolean; message?: string }>();
  const current = JSON.stringify(connection(form.values));
  async function checkOnly() {
    setCheck({ of: current });
    try {
      const answer = await data(api.POST('/api/database/test', { body: connection(form.values) }));
      setCheck({ of: current, ok: true, message: answer.message });
    } catch (error) {
      setCheck({ of: current, ok: false, message: messageOf(error) });
    }
  }
  const checking = check?.of === current && check.message === undefined;
  const shown = check?.of === current ? check.message : undefined;
  const text = (name: 'name' | 'url' | 'username' | 'timeZone', label: string, hint?: string) => (
    <Field label={label} hint={hint} error={form.errorAt(name)} control={(props) => <input {...props} autoComplete="off" spellcheck={false} value={form.values[name]} onInput={(event) => form.set(name, event.currentTarget.value)} />} />
  );
  return (
    <ApiFormFrame form={form} label={tenant ? `Подключение университета ${tenant.domain}` : 'Новый университет'} submitText={tenant ? 'Проверить и сохранить подключение' : 'Проверить подключение и добавить'}>
      {text('name', 'Название', 'Пустое — будет использован домен')}
      <Field
        label="Домен"
        hint={tenant ? 'Домен университета не меняется' : 'Первая часть адреса сайта: одна метка из латинских букв, цифр и дефисов'}
        error={form.errorAt('domain')}
        control={(props) => <input {...props} autoComplete="off" spellcheck={false} readOnly={Boolean(tenant)} value={form.values.domain} onInput={(event) => form.set('domain', event.currentTarget.value)} />}
      />
      {text('url', 'Адрес базы данных', 'jdbc:postgresql://хост:порт/база')}
      {text('username', 'Пользователь базы данных')}
      {text('timeZone', 'Часовой пояс', 'Название из базы IANA: Europe/Moscow, Asia/Novosibirsk, Asia/Vladivostok…; по нему считаются «сегодня», недели и время сводок. Пустое — пояс по умолчанию')}
      <Field
        label="Пароль базы данных"
        hint={tenant ? 'Сохранённый пароль не показывается: введите его снова' : undefined}
        error={form.errorAt('password')}
        control={(props) => <input {...props} type="password" autoComplete="new-password" value={form.values.password} onInput={(event) => form.set('password', event.currentTarget.value)} />}
      />
      <div class="inline-form">
        <button type="button" disabled={checking || form.busy} onClick={() => void checkOnly()}>
          {checking ? 'Проверка…' : 'Только проверить подключение'}
        </button>
        {shown && check?.ok ? (
          <p class="notice notice-info" role="status">
            {shown}
          </p>
        ) : null}
        {shown && !check?.ok ? <ErrorLine message={shown} /> : null}
      </div>
    </ApiFormFrame>
  );
}

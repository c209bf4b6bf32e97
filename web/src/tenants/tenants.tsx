// /admin/#universities (ADMIN, spec 4.21): the universities this service serves and whether their last
// connection check succeeded. The database address and user are shown only where they are changed
// («Изменить подключение», pre-filled; never a password), not in the list; adding one or
// re-pointing it after a connection check (tenant-form.tsx); removing one only after the
// administrator types its domain. The university of this very address cannot be removed from here.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { Dialog } from '../shared/dialog';
import { Field, useApiForm } from '../shared/form';
import { DataTable } from '../shared/table';
import { ErrorLine, useLoad } from '../shared/ui';
import { TenantForm } from './tenant-form';

type Tenant = Schemas['TenantListItem'];

export default function Tenants() {
  const tenants = useLoad(() => data(api.GET('/api/database/tenants')), []);
  const own = useLoad(() => data(api.GET('/api/database/status')), []);
  const [editing, setEditing] = useState<Tenant>();
  const [removing, setRemoving] = useState<Tenant>();
  const [notice, setNotice] = useState<string>();
  const ownDomain = own.state === 'done' ? own.data.tenant : undefined;
  const changed = (message: string) => {
    setEditing(undefined);
    setRemoving(undefined);
    setNotice(message);
    tenants.reload();
  };

  return (
    <>
      <h1 id="page-title">Университеты</h1>
      {notice ? (
        <p class="notice notice-info" role="status">
          {notice}
        </p>
      ) : null}
      <DataTable<Tenant>
        caption="Университеты и их базы данных"
        rows={tenants}
        rowKey={(tenant) => tenant.domain}
        filterText={(tenant) => `${tenant.name} ${tenant.domain}`}
        empty="Университетов нет."
        columns={[
          { title: 'Название', cell: (tenant) => tenant.name, compare: (a, b) => a.name.localeCompare(b.name, 'ru') },
          { title: 'Домен', cell: (tenant) => (tenant.domain === ownDomain ? `${tenant.domain} (этот адрес)` : tenant.domain), compare: (a, b) => a.domain.localeCompare(b.domain) },
          { title: 'Часовой пояс', cell: (tenant) => tenant.timeZone, compare: (a, b) => a.timeZone.localeCompare(b.timeZone) },
          {
            title: 'Подключение',
            cell: (tenant) => <span class={`badge ${tenant.connected ? 'status-published' : 'status-failed'}`}>{tenant.connected ? 'подключена' : 'нет связи'}</span>,
            compare: (a, b) => Number(a.connected) - Number(b.connected),
          },
          {
            title: 'Действия',
            cell: (tenant) => (
              <div class="row-actions">
                <button type="button" class="link-button" onClick={() => (setNotice(undefined), setEditing(tenant))} aria-label={`Изменить подключение: ${tenant.domain}`}>
                  Изменить подключение
                </button>
                {tenant.domain === ownDomain ? null : (
                  <button type="button" class="link-button" onClick={() => (setNotice(undefined), setRemoving(tenant))} aria-label={`Удалить: ${tenant.domain}`}>
                    Удалить…
                  </button>
                )}
              </div>
            ),
          },
        ]}
      />
      <Dialog title={editing ? `Подключение университета ${editing.domain}` : 'Подключение'} open={editing !== undefined} onClose={() => setEditing(undefined)}>
        {editing ? <TenantForm key={editing.domain} tenant={editing} onSaved={changed} /> : null}
      </Dialog>
      <Dialog title="Удаление университета" open={removing !== undefined} onClose={() => setRemoving(undefined)}>
        {removing ? <RemoveTenant key={removing.domain} tenant={removing} onRemoved={changed} /> : null}
      </Dialog>
      <h2 class="section-title">Добавить университет</h2>
      <TenantForm onSaved={() => (setNotice(undefined), tenants.reload())} />
    </>
  );
}

/** The removal names the domain; its button stays disabled until the administrator has typed it. */
function RemoveTenant({ tenant, onRemoved }: { tenant: Tenant; onRemoved: (message: string) => void }) {
  const form = useApiForm({
    initial: { confirmation: '' },
    send: async () => {
      const answer = await data(api.DELETE('/api/database/tenants/{domain}', { params: { path: { domain: tenant.domain } } }));
      onRemoved(`${answer.message}: ${tenant.domain}`);
    },
  });
  const confirmed = form.values.confirmation.trim().toLowerCase() === tenant.domain;
  return (
    <form class="api-form" aria-label={`Удаление университета ${tenant.domain}`} noValidate onSubmit={(event) => (confirmed ? void form.submit(event) : event.preventDefault())}>
      <p>
        {`Университет «${tenant.name}» с доменом `}
        <strong>{tenant.domain}</strong>
        {' перестанет обслуживаться: его адрес больше не откроет расписание. Сама база данных не удаляется, её можно подключить снова.'}
      </p>
      <Field
        label={`Для подтверждения введите домен ${tenant.domain}`}
        control={(props) => <input {...props} autoComplete="off" spellcheck={false} value={form.values.confirmation} onInput={(event) => form.set('confirmation', event.currentTarget.value)} />}
      />
      {form.formError ? <ErrorLine message={form.formError} /> : null}
      <button type="submit" class="danger" disabled={!confirmed || form.busy}>
        {form.busy ? 'Удаление…' : `Удалить университет ${tenant.domain}`}
      </button>
    </form>
  );
}

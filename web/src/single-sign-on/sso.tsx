// #sso (ADMIN, /admin/): «Вход через университет». The settings of the university's OpenID Connect
// provider (the client secret is write-only: the page only says whether one is saved), and the users
// linked to the provider, with the administrator's explicit links and their removal.
import { useState } from 'preact/hooks';
import { api, data, type Role, type Schemas } from '../api/client';
import { messageOf } from '../shared/errors';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { refusal } from '../shared/field-errors';
import { Picker, type Choice } from '../shared/picker';
import { DataTable } from '../shared/table';
import { ErrorLine, Status, useLoad } from '../shared/ui';
import { formatMoment } from '../shared/dates';
import { ROLE_NAMES } from '../shared/session';

type Settings = Schemas['SsoSettingsResponse'];
type Link = Schemas['SsoLinkResponse'];

const ROLES: Role[] = ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'];
/** The roles as the administrator reads and writes them in the mapping (the code is still understood). */
const ROLE_LIST = ROLES.map((role) => ROLE_NAMES[role]).join(', ');

function roleOf(text: string): Role | undefined {
  const wanted = text.trim().toLocaleLowerCase('ru');
  return ROLES.find((role) => ROLE_NAMES[role] === wanted || role.toLowerCase() === wanted);
}

export default function SingleSignOnSection() {
  const [round, setRound] = useState(0);
  // Kept here: the form is drawn anew from the saved settings, so its own success line would vanish.
  const [notice, setNotice] = useState<string>();
  const settings = useLoad(() => data(api.GET('/api/admin/sso')), [round]);
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Вход через университет</h1>
      <p class="hint">
        Пользователи входят через поставщика OpenID Connect университета (Keycloak, Entra ID и другие). Администраторы всегда могут войти и по паролю.
      </p>
      {settings.state === 'loading' ? <Status>Загрузка…</Status> : null}
      {settings.state === 'error' ? <ErrorLine message={settings.message} /> : null}
      {notice ? (
        <p class="notice notice-info" role="status">
          {notice}
        </p>
      ) : null}
      {settings.state === 'done' ? (
        <SettingsForm
          key={settings.data.updatedAt ?? 'new'}
          saved={settings.data}
          onSaved={(text) => {
            setNotice(text);
            setRound(round + 1);
          }}
        />
      ) : null}
      <Links />
    </section>
  );
}

/** `teachers: преподаватель` per line, the way an administrator reads a mapping. */
function mappingText(mapping: Settings['roleMapping']): string {
  return mapping.map((item) => `${item.value}: ${ROLE_NAMES[item.role] ?? item.role}`).join('\n');
}

function parseMapping(text: string): { value: string; role: Role | undefined }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.lastIndexOf(':');
      return { value: at < 0 ? '' : line.slice(0, at).trim(), role: at < 0 ? undefined : roleOf(line.slice(at + 1)) };
    });
}

function SettingsForm({ saved, onSaved }: { saved: Settings; onSaved: (text: string) => void }) {
  const form = useApiForm({
    initial: {
      // Not configured yet: the switch is off, as the login page (no «Войти через …» button) is.
      enabled: saved.configured ? saved.enabled : false,
      issuerUrl: saved.issuerUrl,
      clientId: saved.clientId,
      clientSecret: '',
      displayName: saved.displayName,
      usernameClaim: saved.usernameClaim,
      rolesClaim: saved.rolesClaim ?? '',
      roleMapping: mappingText(saved.roleMapping),
      emailDomains: saved.emailDomains.join(', '),
      createUsers: saved.createUsers,
      passwordLoginAllowed: saved.passwordLoginAllowed,
    },
    send: async (values) => {
      const mapping = parseMapping(values.roleMapping);
      const wrong = mapping.find((item) => !item.value || !item.role);
      if (wrong) throw refusal('roleMapping', `Сопоставление групп ролям: каждая строка — «значение: роль», роль одна из: ${ROLE_LIST}`);
      await data(
        api.PUT('/api/admin/sso', {
          body: {
            enabled: values.enabled,
            issuerUrl: values.issuerUrl.trim(),
            clientId: values.clientId.trim(),
            clientSecret: values.clientSecret || undefined,
            displayName: values.displayName.trim(),
            usernameClaim: values.usernameClaim.trim() || 'preferred_username',
            rolesClaim: values.rolesClaim.trim() || null,
            roleMapping: mapping.map((item) => ({ value: item.value, role: item.role as Role })),
            emailDomains: values.emailDomains
              .split(/[\s,;]+/)
              .map((domain) => domain.trim().toLowerCase())
              .filter(Boolean),
            createUsers: values.createUsers,
            passwordLoginAllowed: values.passwordLoginAllowed,
          },
        }),
      );
      const text = values.enabled ? 'Настройки сохранены: поставщик проверен, кнопка «Войти через …» показывается' : 'Настройки сохранены; вход через университет выключен';
      onSaved(text);
      return text;
    },
  });
  const { values } = form;
  const checkbox = (name: 'enabled' | 'createUsers' | 'passwordLoginAllowed', label: string) => {
    const error = form.errorAt(name);
    return (
      <div class={`field field-check${error ? ' field-invalid' : ''}`}>
        <label>
          <input
            type="checkbox"
            checked={values[name]}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? `sso-${name}-error` : undefined}
            onChange={(event) => form.set(name, event.currentTarget.checked)}
          />{' '}
          {label}
        </label>
        {error ? <ErrorLine id={`sso-${name}-error`} message={error} /> : null}
      </div>
    );
  };
  return (
    <section class="panel" aria-labelledby="sso-settings-title">
      <h2 id="sso-settings-title">Поставщик входа</h2>
      <p class="hint">
        Адрес возврата для регистрации у поставщика: <code id="sso-redirect-uri">{saved.redirectUri}</code>
        {saved.updatedAt ? ` · сохранено ${formatMoment(saved.updatedAt)}` : ' · ещё не настроено'}
      </p>
      <ApiFormFrame form={form} label="Настройки входа через университет" submitText="Сохранить настройки">
        {saved.configured ? null : <p class="notice notice-info">Вход через университет ещё не настроен: заполните поставщика, включите вход и сохраните.</p>}
        {checkbox('enabled', 'Вход через университет включён')}
        <Field
          label="Адрес поставщика (issuer)"
          hint="Например https://sso.university.ru/realms/main; при сохранении читается его документ обнаружения"
          error={form.errorAt('issuerUrl')}
          control={(props) => <input {...props} inputMode="url" spellcheck={false} value={values.issuerUrl} onInput={(event) => form.set('issuerUrl', event.currentTarget.value)} />}
        />
        <Field
          label="Идентификатор клиента"
          error={form.errorAt('clientId')}
          control={(props) => <input {...props} value={values.clientId} onInput={(event) => form.set('clientId', event.currentTarget.value)} />}
        />
        <Field
          label="Секрет клиента"
          hint={saved.clientSecretSet ? 'Секрет сохранён и не показывается; оставьте поле пустым, чтобы не менять его' : 'Секрет ещё не сохранён'}
          error={form.errorAt('clientSecret')}
          control={(props) => (
            <input {...props} type="password" autoComplete="new-password" value={values.clientSecret} onInput={(event) => form.set('clientSecret', event.currentTarget.value)} />
          )}
        />
        <Field
          label="Название на кнопке «Войти через …»"
          error={form.errorAt('displayName')}
          control={(props) => <input {...props} value={values.displayName} onInput={(event) => form.set('displayName', event.currentTarget.value)} />}
        />
        <Field
          label="Утверждение с именем пользователя"
          error={form.errorAt('usernameClaim')}
          control={(props) => <input {...props} value={values.usernameClaim} onInput={(event) => form.set('usernameClaim', event.currentTarget.value)} />}
        />
        <Field
          label="Утверждение с группами или ролями"
          hint="Пусто — группы не проверяются"
          error={form.errorAt('rolesClaim')}
          control={(props) => <input {...props} value={values.rolesClaim} onInput={(event) => form.set('rolesClaim', event.currentTarget.value)} />}
        />
        <Field
          label="Сопоставление групп ролям"
          hint={`По строке на значение: «teachers: преподаватель». Роли: ${ROLE_LIST}`}
          error={form.errorAt('roleMapping')}
          control={(props) => <textarea {...props} rows={4} value={values.roleMapping} onInput={(event) => form.set('roleMapping', event.currentTarget.value)} />}
        />
        <Field
          label="Разрешённые домены почты"
          hint="Через запятую; пусто — любые"
          error={form.errorAt('emailDomains')}
          control={(props) => <input {...props} value={values.emailDomains} onInput={(event) => form.set('emailDomains', event.currentTarget.value)} />}
        />
        {checkbox('createUsers', 'Создавать неизвестных пользователей при первом входе (только студентов и преподавателей, по сопоставлению)')}
        {checkbox('passwordLoginAllowed', 'Разрешить вход по паролю всем (иначе по паролю входят только администраторы)')}
      </ApiFormFrame>
    </section>
  );
}

async function findUsers(query: string): Promise<Choice[]> {
  const page = await data(api.GET('/api/users/page', { params: { query: { query, size: 20 } } }));
  return (page.items ?? []).map((user) => ({ id: user.id, label: user.fullName || user.username, hint: `${user.username}, ${ROLE_NAMES[user.role]}` }));
}

function Links() {
  const [round, setRound] = useState(0);
  const [failure, setFailure] = useState<string>();
  const links = useLoad(() => data(api.GET('/api/admin/sso/links')), [round]);

  async function remove(link: Link) {
    setFailure(undefined);
    try {
      await data(api.DELETE('/api/admin/sso/links/{id}', { params: { path: { id: link.userId } } }));
      setRound(round + 1);
    } catch (error) {
      setFailure(messageOf(error));
    }
  }

  return (
    <section class="panel" aria-labelledby="sso-links-title">
      <h2 id="sso-links-title">Связанные пользователи</h2>
      <p class="hint">
        Пользователь связывается при первом входе по совпадению имени, только если группы у поставщика дают его роль (администратор — никогда: его связывают только вручную); дальше он узнаётся по идентификатору у поставщика, даже если имя там изменится.
      </p>
      {failure ? <ErrorLine message={failure} /> : null}
      <DataTable
        caption="Пользователи, связанные с поставщиком входа"
        rows={links}
        rowKey={(link) => link.userId}
        filterText={(link) => `${link.fullName} ${link.username} ${link.externalName ?? ''}`}
        empty="Никто ещё не входил через университет."
        columns={[
          { title: 'Пользователь', cell: (link) => `${link.fullName} (${link.username})`, compare: (a, b) => a.fullName.localeCompare(b.fullName, 'ru') },
          { title: 'Роль', cell: (link) => ROLE_NAMES[link.role] ?? link.role },
          { title: 'Имя у поставщика', cell: (link) => link.externalName ?? '—' },
          { title: 'Входил', cell: (link) => (link.subject ? 'да' : 'ещё нет') },
          { title: 'Связан', cell: (link) => formatMoment(link.linkedAt) },
          {
            title: 'Действие',
            cell: (link) => (
              <button type="button" class="link-button" aria-label={`Удалить связь: ${link.fullName}`} onClick={() => void remove(link)}>
                Удалить связь
              </button>
            ),
          },
        ]}
      />
      <LinkForm onLinked={() => setRound(round + 1)} />
    </section>
  );
}

function LinkForm({ onLinked }: { onLinked: () => void }) {
  const form = useApiForm<{ user: Choice | undefined; externalName: string }>({
    initial: { user: undefined, externalName: '' },
    resetOnSuccess: true,
    send: async (values) => {
      if (!values.user) throw refusal('user', 'Поле «user»: выберите пользователя');
      const linked = await data(
        api.PUT('/api/admin/sso/links/{id}', { params: { path: { id: values.user.id } }, body: { externalName: values.externalName.trim() } }),
      );
      onLinked();
      return `${linked.fullName} будет входить как «${linked.externalName ?? ''}»`;
    },
    fields: { id: 'user' },
  });
  return (
    <ApiFormFrame form={form} label="Связать пользователя" submitText="Связать">
      <h3>Связать вручную</h3>
      <div class={`field${form.errorAt('user') ? ' field-invalid' : ''}`}>
        <Picker label="Пользователь расписания" placeholder="Начните вводить ФИО или логин" search={findUsers} chosen={form.values.user} onPick={(item) => form.set('user', item)} />
        {form.errorAt('user') ? <ErrorLine message={form.errorAt('user') as string} /> : null}
      </div>
      <Field
        label="Имя у поставщика"
        error={form.errorAt('externalName')}
        control={(props) => <input {...props} value={form.values.externalName} onInput={(event) => form.set('externalName', event.currentTarget.value)} />}
      />
    </ApiFormFrame>
  );
}

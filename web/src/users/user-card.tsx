// One user's card for the administrator: who they are, archive or restore (an archived user cannot
// sign in; history stays), the e-mail for notifications, a new password (all their sessions end),
// the transfer to another primary department from a date, with the assignment history, and for a
// teacher an additional department from today (spec 4.17: the administrator names the department).
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { useConfirm } from '../shared/confirm';
import { Dialog } from '../shared/dialog';
import { formatLongDate, todayAtUniversity } from '../shared/dates';
import { messageOf } from '../shared/errors';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { RuleEndingsConfirm } from '../shared/rule-endings';
import { useMe } from '../shared/session';
import { ErrorLine, type Loaded } from '../shared/ui';
import { AssignmentHistory, fullDate } from './assignment-history';
import type { Department } from './departments';
import { DepartmentField, RoleField } from './fields';
import { ROLE_NAMES, STATUS_NAMES } from './names';
import { StudentGroupForm } from './student-group';

type User = Schemas['UserResponse'];

export function UserCard({ user, departments, onChanged }: { user: User; departments: Loaded<Department[]>; onChanged: (user: User) => void }) {
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [historyRound, setHistoryRound] = useState(0);
  const archived = user.status === 'ARCHIVED';
  // The API refuses both for one's own account: not offered there.
  const own = useMe().userId === user.id;
  const path = { params: { path: { id: user.id } } };

  // A teacher's archive ends the schedule rules' slots he teaches (issue 53): asked in a dialog that names them.
  const [endingRules, setEndingRules] = useState(false);
  const archiveTeacher = async (effectiveFrom: string) => {
    const changed = await data(api.DELETE('/api/users/{id}', { params: { path: { id: user.id }, query: { effectiveFrom } } }));
    setEndingRules(false);
    setNotice(`Пользователь отправлен в архив: войти он больше не может, его история сохранена; его занятия по правилам расписания завершены с ${formatLongDate(effectiveFrom)}.`);
    onChanged(changed);
  };

  async function toggleArchive() {
    if (!archived && user.role === 'TEACHER') {
      setNotice(undefined);
      setEndingRules(true);
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      const changed = archived ? await data(api.POST('/api/users/{id}/restore', path)) : await data(api.DELETE('/api/users/{id}', path));
      setNotice(archived ? 'Пользователь восстановлен: он снова может войти.' : 'Пользователь отправлен в архив: войти он больше не может, его история сохранена.');
      onChanged(changed);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  const confirmation = useConfirm();
  const details = useApiForm({
    initial: { fullName: user.fullName, jobTitle: user.jobTitle, role: user.role },
    // A new role ends the user's sessions (the server does it): asked once, saying so. Not asked where
    // the server refuses any new role (one's own, a teacher's): its refusal says why at the field.
    confirm: (values) =>
      values.role === user.role ||
      own ||
      user.role === 'TEACHER' ||
      confirmation.ask({
        title: 'Сменить роль?',
        lines: [
          `Роль пользователя «${user.fullName}» станет «${ROLE_NAMES[values.role]}» вместо «${ROLE_NAMES[user.role]}».`,
          'Все его сеансы завершатся: на каждом устройстве ему придётся войти снова, и он увидит разделы новой роли.',
        ],
        confirmText: 'Сменить роль и завершить сеансы',
      }),
    send: async (values) => {
      const changed = await data(api.PUT('/api/users/{id}', { ...path, body: { fullName: values.fullName, jobTitle: values.jobTitle, role: values.role } }));
      onChanged(changed);
      return changed.role === user.role ? 'Данные пользователя сохранены' : `Данные сохранены; роль теперь «${ROLE_NAMES[changed.role]}», сеансы пользователя завершены`;
    },
  });
  const email = useApiForm({
    initial: { email: user.email ?? '' },
    send: async (values) => {
      const changed = await data(api.PUT('/api/users/{id}/email', { ...path, body: { email: values.email.trim() || null } }));
      onChanged(changed);
      return changed.email ? `Адрес для уведомлений: ${changed.email}` : 'Адрес для уведомлений удалён';
    },
    otherwise: 'email',
  });
  const password = useApiForm({
    initial: { newPassword: '' },
    send: async (values) => {
      await data(api.POST('/api/users/{id}/password', { ...path, body: { newPassword: values.newPassword } }));
      return 'Пароль изменён; все сеансы пользователя завершены. Сообщите ему новый пароль.';
    },
    otherwise: 'newPassword',
    resetOnSuccess: true,
  });
  const transfer = useApiForm({
    initial: { departmentId: '', validFrom: todayAtUniversity(), comment: '' },
    send: async (values) => {
      const changed = await data(
        api.POST('/api/users/{id}/department-transfer', {
          ...path,
          body: { departmentId: Number(values.departmentId), validFrom: values.validFrom, comment: values.comment || undefined },
        }),
      );
      setHistoryRound((round) => round + 1);
      onChanged(changed);
      const to = departments.state === 'done' ? departments.data.find((department) => String(department.id) === values.departmentId)?.departmentName : undefined;
      return `Перевод ${to ? `на кафедру «${to}» ` : ''}с ${fullDate(values.validFrom)} записан`;
    },
  });

  const additional = useApiForm({
    initial: { departmentId: '', comment: '' },
    send: async (values) => {
      const link = await data(
        api.POST('/api/department/teachers/{teacherId}/assignments', {
          params: { path: { teacherId: user.id } },
          body: { departmentId: values.departmentId ? Number(values.departmentId) : undefined, comment: values.comment || undefined },
        }),
      );
      setHistoryRound((round) => round + 1);
      return `Дополнительная кафедра «${link.departmentName}» с ${fullDate(link.validFrom)} записана`;
    },
    // Every refusal but a too long comment concerns the chosen department (already linked, missing, archived teacher).
    otherwise: 'departmentId',
    resetOnSuccess: true,
  });

  return (
    <div class="user-card">
      {confirmation.dialog}
      <Dialog title={`В архив: ${user.fullName}`} open={endingRules} onClose={() => setEndingRules(false)}>
        <RuleEndingsConfirm
          record={{ teacherId: user.id }}
          question={`Отправить преподавателя «${user.fullName}» в архив? Войти он больше не сможет; его история сохранится.`}
          confirmText="В архив и завершить правила"
          run={archiveTeacher}
          onDone={() => undefined}
          onCancel={() => setEndingRules(false)}
        />
      </Dialog>
      <dl class="facts">
        <div class="fact">
          <dt>Логин</dt>
          <dd>{user.username}</dd>
        </div>
        <div class="fact">
          <dt>Роль</dt>
          <dd>{ROLE_NAMES[user.role]}</dd>
        </div>
        <div class="fact">
          <dt>Основная кафедра</dt>
          <dd>{user.departmentName ?? 'нет'}</dd>
        </div>
        <div class="fact">
          <dt>Статус</dt>
          <dd>{STATUS_NAMES[user.status] ?? user.status}</dd>
        </div>
      </dl>
      {notice ? (
        <p class="notice notice-info" role="status">
          {notice}
        </p>
      ) : null}
      {failure ? <ErrorLine message={failure} /> : null}
      {own ? (
        <p class="hint">Это ваша учётная запись: её нельзя отправить в архив, а свой пароль меняют с указанием текущего, не сбросом.</p>
      ) : (
        <button type="button" disabled={busy} onClick={() => void toggleArchive()}>
          {archived ? 'Восстановить из архива' : 'Отправить в архив'}
        </button>
      )}

      {user.role === 'STUDENT' && !archived ? (
        <>
          <h3>Группа студента</h3>
          <StudentGroupForm userId={user.id} />
        </>
      ) : null}
      <h3>Данные пользователя</h3>
      <ApiFormFrame form={details} label="Данные пользователя" submitText="Сохранить данные">
        <Field label="ФИО пользователя" error={details.errorAt('fullName')} control={(props) => <input {...props} value={details.values.fullName} onInput={(event) => details.set('fullName', event.currentTarget.value)} />} />
        <Field label="Должность пользователя" error={details.errorAt('jobTitle')} control={(props) => <input {...props} value={details.values.jobTitle} onInput={(event) => details.set('jobTitle', event.currentTarget.value)} />} />
        <RoleField
          label="Роль пользователя"
          hint={own ? 'Свою роль меняет другой администратор' : user.role === 'TEACHER' ? 'Роль преподавателя не меняется: его занятия записаны за ним' : undefined}
          error={details.errorAt('role')}
          value={details.values.role}
          onChange={(role) => details.set('role', role)}
        />
      </ApiFormFrame>
      <AssignmentHistory user={user} round={historyRound} />
      <h3>Перевод на другую кафедру</h3>
      {archived ? (
        <p class="hint">Чтобы перевести пользователя, сначала восстановите его из архива.</p>
      ) : (
        <ApiFormFrame form={transfer} label="Перевод на другую кафедру" submitText="Перевести">
          <DepartmentField
            label="Новая основная кафедра"
            error={transfer.errorAt('departmentId')}
            value={transfer.values.departmentId}
            onChange={(departmentId) => transfer.set('departmentId', departmentId)}
            departments={departments}
          />
          <Field
            label="Дата перевода"
            hint="Первый день на новой кафедре; до него действует прежняя"
            error={transfer.errorAt('validFrom')}
            control={(props) => <input {...props} type="date" value={transfer.values.validFrom} onInput={(event) => transfer.set('validFrom', event.currentTarget.value)} />}
          />
          <Field label="Комментарий к переводу" error={transfer.errorAt('comment')} control={(props) => <input {...props} value={transfer.values.comment} onInput={(event) => transfer.set('comment', event.currentTarget.value)} />} />
        </ApiFormFrame>
      )}
      {user.role === 'TEACHER' && !archived ? (
        <>
          <h3>Дополнительная кафедра</h3>
          <ApiFormFrame form={additional} label="Дополнительная кафедра" submitText="Привязать">
            <DepartmentField
              label="Кафедра"
              hint="С сегодняшнего дня, без даты окончания; основная кафедра не меняется"
              error={additional.errorAt('departmentId')}
              value={additional.values.departmentId}
              onChange={(departmentId) => additional.set('departmentId', departmentId)}
              departments={departments}
            />
            <Field label="Комментарий к привязке" error={additional.errorAt('comment')} control={(props) => <input {...props} value={additional.values.comment} onInput={(event) => additional.set('comment', event.currentTarget.value)} />} />
          </ApiFormFrame>
        </>
      ) : null}
      <div class="card-forms">
        <div>
          <h3>Электронная почта</h3>
          <ApiFormFrame form={email} label="Электронная почта пользователя" submitText="Сохранить адрес">
            <Field
              label="Адрес для уведомлений"
              hint="Пустое поле удаляет адрес"
              error={email.errorAt('email')}
              control={(props) => <input {...props} type="email" autoComplete="off" value={email.values.email} onInput={(event) => email.set('email', event.currentTarget.value)} />}
            />
          </ApiFormFrame>
        </div>
        {own ? null : (
          <div>
            <h3>Сброс пароля</h3>
            <ApiFormFrame form={password} label="Сброс пароля" submitText="Задать пароль">
              <Field
                label="Новый пароль"
                hint="Не короче 8 символов"
                error={password.errorAt('newPassword')}
                control={(props) => <input {...props} type="password" autoComplete="new-password" value={password.values.newPassword} onInput={(event) => password.set('newPassword', event.currentTarget.value)} />}
              />
            </ApiFormFrame>
          </div>
        )}
      </div>
    </div>
  );
}

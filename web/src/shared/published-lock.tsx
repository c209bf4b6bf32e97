// The published version in the screens that change rules («Правила», «Импорт»; issue 45 §2): read-only
// until the user chooses «Изменить опубликованное расписание» and confirms in a dialog that says what
// will change (as the publish dialog does) — or, instead, makes a draft of it and works there.
import { useState } from 'preact/hooks';
import { api, data } from '../api/client';
import { formatDayMonth, plusDays, todayAtUniversity } from './dates';
import { Dialog } from './dialog';
import { messageOf } from './errors';
import { ErrorLine } from './ui';
import type { Version, VersionChoice } from './version-choice';

/**
 * Whether the chosen version may be changed here: a draft may; a published one only after the
 * confirmation (remembered for that version while the screen stays open); an archived one never.
 */
export function usePublishedLock(version: Version | undefined) {
  const [unlockedId, setUnlockedId] = useState<number>();
  const locked = version?.status === 'PUBLISHED' && unlockedId !== version.id;
  return { locked, unlock: () => setUnlockedId(version?.id) };
}

/**
 * `action`: what this screen changes («сохранённое изменение правила»), for the dialog's text;
 * `dated`: the screen's writes hold from a date the user chooses (issue 53), so the past stays.
 */
export function PublishedLock({ choice, locked, onUnlock, action, dated = false }: { choice: VersionChoice; locked: boolean; onUnlock: () => void; action: string; dated?: boolean }) {
  const [open, setOpen] = useState(false);
  const version = choice.version;
  if (!version || version.status !== 'PUBLISHED') return null;
  if (!locked) {
    return (
      <p class="notice notice-warning published-lock">
        {`Вы меняете опубликованную версию №${version.versionNumber} «${version.name}»: изменения сразу видны студентам и преподавателям.`}
      </p>
    );
  }
  return (
    <div class="notice notice-info published-lock">
      <p>
        {`Версия №${version.versionNumber} «${version.name}» опубликована: её расписание видят студенты и преподаватели. Здесь она открыта только для чтения.`}
      </p>
      <button type="button" onClick={() => setOpen(true)}>
        Изменить опубликованное расписание
      </button>
      {open ? <UnlockDialog choice={choice} version={version} action={action} dated={dated} onClose={() => setOpen(false)} onUnlock={() => (setOpen(false), onUnlock())} /> : null}
    </div>
  );
}

function UnlockDialog({ choice, version, action, dated, onClose, onUnlock }: { choice: VersionChoice; version: Version; action: string; dated: boolean; onClose: () => void; onUnlock: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const semester = choice.semester;
  const today = todayAtUniversity();
  const draft = choice.list.filter((item) => item.status === 'DRAFT').sort((a, b) => b.versionNumber - a.versionNumber)[0];
  const begun = semester && semester.startDate < today;

  async function makeDraft() {
    setBusy(true);
    setFailure(undefined);
    try {
      const created = await data(
        api.POST('/api/edu-office/schedule/versions', { body: { semesterId: version.semesterId, name: `Черновик от ${formatDayMonth(today)}`, basedOnVersionId: version.id } }),
      );
      choice.versions.reload();
      choice.setVersionId(created.id);
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={`Изменить опубликованную версию №${version.versionNumber} «${version.name}»?`} open onClose={onClose}>
      <div class="promotion" id="unlock-published">
        <h3>Что изменится</h3>
        <ul>
          <li>{`${action[0].toUpperCase()}${action.slice(1)} сразу изменит расписание, которое видят студенты и преподаватели, — без публикации и без записи в историю версий.`}</li>
          <li>
            {begun && semester && dated
              ? `Семестр идёт с ${formatDayMonth(semester.startDate)}: изменение действует с даты, которую вы выберете при сохранении (по умолчанию с завтрашнего дня), — прошедшие занятия останутся как были.`
              : begun && semester
              ? `Семестр идёт с ${formatDayMonth(semester.startDate)}: правило задаёт занятия всего семестра, поэтому изменение затронет и уже прошедшие занятия (по ${formatDayMonth(plusDays(today, -1))}) — в расписании и в нагрузке.`
              : 'Семестр ещё не начался: прошедших занятий нет.'}
          </li>
          <li>Преподаватели и студенты, чьи предстоящие занятия изменятся, получат уведомление (на странице и по почте, если они его не отключили) — как при публикации черновика.</li>
          <li>{`Правил в версии: ${version.ruleCount}.`}</li>
        </ul>
        <p class="hint">Безопаснее изменить черновик, проверить его («Проверить» покажет и затронутые прошедшие занятия) и опубликовать.</p>
        {failure ? <ErrorLine message={failure} /> : null}
        <div class="row-actions">
          {draft ? (
            <button type="button" class="primary" onClick={() => (choice.setVersionId(draft.id), onClose())}>
              {`Открыть черновик №${draft.versionNumber} «${draft.name}»`}
            </button>
          ) : (
            <button type="button" class="primary" disabled={busy} onClick={() => void makeDraft()}>
              Создать черновик из опубликованной
            </button>
          )}
          <button type="button" onClick={onUnlock}>
            Да, изменить опубликованное
          </button>
        </div>
      </div>
    </Dialog>
  );
}

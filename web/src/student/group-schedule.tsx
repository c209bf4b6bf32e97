// /student/#group-schedule: a student reads the weeks of the group their account belongs to
// (`GET /api/auth/me/group`, set by the administrator); another group can be looked at for the visit.
// A student without a group on their account finds it once (remembered in this browser).
import { useEffect, useState } from 'preact/hooks';
import { api, data } from '../api/client';
import { findGroups } from '../shared/options';
import { Picker } from '../shared/picker';
import { remember, remembered, type Chosen } from '../shared/storage';
import { SubscribePanel } from '../shared/subscribe';
import { ErrorLine, Status, useLoad } from '../shared/ui';
import { WeekView } from '../shared/week-view';

const GROUP_KEY = 'timetable.student.group';

export default function GroupSchedule() {
  const own = useLoad(() => data(api.GET('/api/auth/me/group')), []);
  const ownGroup: Chosen | undefined = own.state === 'done' && own.data.groupId !== null ? { id: own.data.groupId, label: own.data.groupName ?? '' } : undefined;
  // Another group chosen on this visit; without a group on the account, the browser's remembered one.
  const [picked, setPicked] = useState<Chosen | undefined>();
  const [stored] = useState(() => remembered<Chosen>(GROUP_KEY));
  const group = picked ?? ownGroup ?? (own.state === 'loading' ? undefined : stored);
  useEffect(() => {
    if (group) document.title = `${group.label} — расписание`;
  }, [group]);
  if (own.state === 'loading') {
    return (
      <>
        <h1 id="page-title">Расписание группы</h1>
        <Status>Загрузка…</Status>
      </>
    );
  }
  const picker = (
    <Picker
      label={ownGroup ? 'Другая группа' : 'Группа'}
      placeholder="Начните вводить название группы"
      search={findGroups}
      chosen={group}
      onPick={(item) => {
        const chosen = { id: item.id, label: item.label };
        if (!ownGroup) remember(GROUP_KEY, chosen);
        setPicked(chosen);
      }}
    />
  );
  return (
    <>
      <h1 id="page-title">{group ? `Расписание группы ${group.label}` : 'Расписание группы'}</h1>
      {own.state === 'error' ? <ErrorLine message={own.message} /> : null}
      {own.state === 'done' && own.data.groupId === null ? (
        <p class="notice notice-warning" id="no-group">
          Ваша учётная запись не привязана к группе: расписание ниже — для группы, выбранной в этом браузере, а уведомления об изменениях занятий
          группы не придут. Попросите администратора университета (или учебный отдел) указать вашу группу в карточке пользователя.
        </p>
      ) : null}
      <div class="controls">
        {ownGroup ? (
          <div class="own-group">
            <p id="own-group">
              {`Ваша группа: ${ownGroup.label}`}
              {picked && picked.id !== ownGroup.id ? (
                <>
                  {' · '}
                  <button type="button" class="link-button" onClick={() => setPicked(undefined)}>
                    Вернуться к своей группе
                  </button>
                </>
              ) : null}
            </p>
            <details class="other-group">
              <summary>Посмотреть другую группу</summary>
              {picker}
            </details>
          </div>
        ) : (
          picker
        )}
      </div>
      <WeekView
        loadKey={group?.id}
        changesOf={group ? { groupId: group.id } : null}
        downloads={group ? [{ label: `группа ${group.label}`, params: { groupId: group.id } }] : []}
        load={(startDate, endDate) => (group ? data(api.GET('/api/schedule', { params: { query: { groupId: group.id, startDate, endDate } } })) : Promise.resolve(null))}
        placeholder="Найдите свою группу в поле выше: её расписание запомнится в этом браузере."
        emptyHint={() => 'Если занятия должны быть, возможно, группе ещё не назначен учебный календарь: обратитесь в учебный отдел.'}
      />
      <SubscribePanel target={group ? { kind: 'GROUP', targetId: group.id } : null} />
    </>
  );
}

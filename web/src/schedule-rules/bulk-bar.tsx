// The bar over the rules table when rules are ticked (issue 45 §8): how many are selected, one action
// (move to another version of the semester, archive, another teacher, another room), and a dialog
// saying what will change before the one request that changes all of them or none. A refusal is
// shown here, by the bar, and the selection stays.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { Dialog } from '../shared/dialog';
import { messageOf } from '../shared/errors';
import { findClassrooms, findTeachers } from '../shared/options';
import { Picker, type Choice } from '../shared/picker';
import { ErrorLine, useId, useLoad } from '../shared/ui';
import type { Version } from '../shared/version-choice';

type Rule = Schemas['RuleResponse'];
type Action = Schemas['RuleBulkRequest']['action'];

const ACTIONS: { value: Action; label: string }[] = [
  { value: 'CHANGE_TEACHER', label: 'Сменить преподавателя' },
  { value: 'CHANGE_CLASSROOM', label: 'Сменить аудиторию' },
  { value: 'MOVE', label: 'Перенести в другую версию' },
  { value: 'ARCHIVE', label: 'Отправить в архив' },
];

export function BulkBar({
  version,
  selected,
  onAttempt,
  onDone,
  onClear,
}: {
  version: Version;
  selected: Rule[];
  /** A new attempt: an earlier result said above the table is no longer news. */
  onAttempt: () => void;
  onDone: (notice: string) => void;
  onClear: () => void;
}) {
  const actionId = useId('bulk-action');
  const targetId = useId('bulk-target');
  const [action, setAction] = useState<Action>('CHANGE_TEACHER');
  const [teacher, setTeacher] = useState<Choice>();
  const [room, setRoom] = useState<Choice>();
  const [targetId_, setTarget] = useState<number>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const versions = useLoad(() => data(api.GET('/api/edu-office/schedule/versions', { params: { query: { semesterId: version.semesterId } } })), [version.semesterId]);
  const targets = versions.state === 'done' ? versions.data.filter((item) => item.id !== version.id && item.status !== 'ARCHIVED') : [];
  const target = targets.find((item) => item.id === targetId_);
  const count = selected.length;

  const ready = action === 'ARCHIVE' || (action === 'CHANGE_TEACHER' && teacher) || (action === 'CHANGE_CLASSROOM' && room) || (action === 'MOVE' && target);
  const what =
    action === 'CHANGE_TEACHER'
      ? `во всех слотах будет преподаватель «${teacher?.label ?? ''}»`
      : action === 'CHANGE_CLASSROOM'
        ? `во всех размещённых слотах будет аудитория «${room?.label ?? ''}»`
        : action === 'MOVE'
          ? `будут перенесены в версию №${target?.versionNumber ?? ''} «${target?.name ?? ''}» и исчезнут из этой`
          : 'будут отправлены в архив, их занятия исчезнут из версии';

  async function apply() {
    setBusy(true);
    setFailure(undefined);
    onAttempt();
    try {
      const result = await data(
        api.POST('/api/admin/schedule-rules/bulk', {
          body: { ruleIds: selected.map((rule) => rule.id), action, teacherId: teacher?.id, classroomId: room?.id, targetVersionId: target?.id },
        }),
      );
      setConfirming(false);
      const done =
        action === 'CHANGE_TEACHER'
          ? `преподаватель теперь «${teacher?.label ?? ''}»`
          : action === 'CHANGE_CLASSROOM'
            ? `аудитория теперь «${room?.label ?? ''}»`
            : action === 'MOVE'
              ? `перенесены в версию №${target?.versionNumber ?? ''} «${target?.name ?? ''}»`
              : 'отправлены в архив';
      onDone(`Изменено правил: ${result.changed} (№${result.ruleIds.join(', №')}): ${done}.`);
    } catch (error) {
      setConfirming(false);
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="bulk-bar" role="region" aria-label="Выбранные правила">
      <p>
        <strong>Выбрано правил: {count}</strong>{' '}
        <button type="button" class="link-button" onClick={onClear}>
          Снять выбор
        </button>
      </p>
      <div class="controls">
        <div class="field">
          <label for={actionId}>Действие с выбранными</label>
          <select id={actionId} value={action} onChange={(event) => (setAction(event.currentTarget.value as Action), setFailure(undefined))}>
            {ACTIONS.map((item) => (
              <option key={item.value} value={item.value}>
                {item.label}
              </option>
            ))}
          </select>
        </div>
        {action === 'CHANGE_TEACHER' ? <Picker label="Новый преподаватель" placeholder="Фамилия" search={(query) => findTeachers(query)} chosen={teacher} onPick={setTeacher} /> : null}
        {action === 'CHANGE_CLASSROOM' ? <Picker label="Новая аудитория" placeholder="Номер или корпус" search={findClassrooms} chosen={room} onPick={setRoom} /> : null}
        {action === 'MOVE' ? (
          <div class="field">
            <label for={targetId}>Версия семестра</label>
            <select id={targetId} value={targetId_ ?? ''} onChange={(event) => setTarget(Number(event.currentTarget.value) || undefined)}>
              <option value="">Выберите версию</option>
              {targets.map((item) => (
                <option key={item.id} value={item.id}>
                  №{item.versionNumber} «{item.name}» ({item.status === 'DRAFT' ? 'черновик' : 'опубликована'})
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="button" class="primary" disabled={!ready || busy} onClick={() => (setFailure(undefined), setConfirming(true))}>
          Применить к выбранным
        </button>
      </div>
      {failure ? <ErrorLine message={failure} /> : null}
      <Dialog title={`Изменить правил: ${count}?`} open={confirming} onClose={() => setConfirming(false)}>
        <p>
          Правила {selected.map((rule) => `№${rule.id} «${rule.subjectName}»`).join(', ')} {what}. Изменение применяется ко всем правилам сразу или не применяется ни к одному.
        </p>
        {/* The bulk request takes no date yet (issue 53): say so rather than suggest the past stays. */}
        {version.status === 'PUBLISHED' ? (
          <p class="notice notice-warning">Массовое изменение опубликованной версии пока действует на весь семестр: уже прошедшие занятия этих правил тоже изменятся.</p>
        ) : null}
        <button type="button" class="primary" disabled={busy} onClick={() => void apply()}>
          Подтвердить
        </button>
      </Dialog>
    </div>
  );
}

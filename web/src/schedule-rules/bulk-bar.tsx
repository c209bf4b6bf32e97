// The bar over the rules table when rules are ticked (issue 45 §8): how many are selected, one action
// (move to another version of the semester, archive, another teacher, another room), and a dialog
// saying what will change before the one request that changes all of them or none. A refusal is
// shown here, by the bar, and the selection stays. In the published version a change other than the
// move holds from «Действует с» (issue 53), asked as the rule editor asks it.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatLongDate } from '../shared/dates';
import { Dialog } from '../shared/dialog';
import { messageOf } from '../shared/errors';
import { apiField } from '../shared/field-errors';
import { findClassrooms, findTeachers } from '../shared/options';
import { Picker, type Choice } from '../shared/picker';
import { ErrorLine, useId, useLoad } from '../shared/ui';
import type { Version } from '../shared/version-choice';
import { affectedOf, AffectedList, changesPast, defaultEffectiveFrom, EffectiveFromField, pastQuestion, UnmatchedList, unmatchedOf, type Decision, type SemesterDays, type UnmatchedOverride } from './effective-from';
import { affectedRequestLine, type AffectedRequest } from '../shared/affected-requests';

type Rule = Schemas['RuleResponse'];
type Action = Schemas['RuleBulkRequest']['action'];

const ACTIONS: { value: Action; label: string }[] = [
  { value: 'CHANGE_TEACHER', label: 'Сменить преподавателя' },
  { value: 'CHANGE_CLASSROOM', label: 'Сменить аудиторию' },
  { value: 'MOVE', label: 'Перенести в другую версию' },
  { value: 'ARCHIVE', label: 'Отправить в архив' },
];

/** `semester`: given for the published version, whose changes (but the move) hold from a date. */
export function BulkBar({
  version,
  semester,
  selected,
  onAttempt,
  onDone,
  onClear,
}: {
  version: Version;
  semester?: SemesterDays;
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
  // The dialog's step: what changes (and from when), the past-date question, the one-off changes listed by a 409.
  const [step, setStep] = useState<'confirm' | 'past' | 'overrides'>();
  const [effectiveFrom, setEffectiveFrom] = useState(() => (semester ? defaultEffectiveFrom(semester) : ''));
  const [dateError, setDateError] = useState<string>();
  const [unmatched, setUnmatched] = useState<{ message: string; items: UnmatchedOverride[]; affected: AffectedRequest[] }>();
  const [decisions, setDecisions] = useState<Record<number, Decision>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const versions = useLoad(() => data(api.GET('/api/edu-office/schedule/versions', { params: { query: { semesterId: version.semesterId } } })), [version.semesterId]);
  const targets = versions.state === 'done' ? versions.data.filter((item) => item.id !== version.id && item.status !== 'ARCHIVED') : [];
  const target = targets.find((item) => item.id === targetId_);
  const count = selected.length;
  // The move takes the rules whole to another version: it has no date.
  const dated = semester !== undefined && action !== 'MOVE';

  const ready = action === 'ARCHIVE' || (action === 'CHANGE_TEACHER' && teacher) || (action === 'CHANGE_CLASSROOM' && room) || (action === 'MOVE' && target);
  const what =
    action === 'CHANGE_TEACHER'
      ? `во всех слотах будет преподаватель «${teacher?.label ?? ''}»`
      : action === 'CHANGE_CLASSROOM'
        ? `во всех размещённых слотах будет аудитория «${room?.label ?? ''}»`
        : action === 'MOVE'
          ? `будут перенесены в версию №${target?.versionNumber ?? ''} «${target?.name ?? ''}» и исчезнут из этой`
          : 'будут отправлены в архив, их занятия исчезнут из версии';

  async function apply(agreedPast: boolean, overrideDecisions?: { overrideId: number; decision: Decision }[]) {
    if (dated && semester) {
      if (!effectiveFrom) return setDateError('Укажите, с какой даты действует изменение');
      if (!agreedPast && changesPast(effectiveFrom, semester)) return setStep('past');
    }
    setBusy(true);
    setFailure(undefined);
    setDateError(undefined);
    onAttempt();
    try {
      const result = await data(
        api.POST('/api/admin/schedule-rules/bulk', {
          body: {
            ruleIds: selected.map((rule) => rule.id),
            action,
            teacherId: teacher?.id,
            classroomId: room?.id,
            targetVersionId: target?.id,
            ...(dated ? { effectiveFrom, overrideDecisions } : {}),
          },
        }),
      );
      setStep(undefined);
      const done =
        action === 'CHANGE_TEACHER'
          ? `преподаватель теперь «${teacher?.label ?? ''}»`
          : action === 'CHANGE_CLASSROOM'
            ? `аудитория теперь «${room?.label ?? ''}»`
            : action === 'MOVE'
              ? `перенесены в версию №${target?.versionNumber ?? ''} «${target?.name ?? ''}»`
              : 'отправлены в архив';
      const from = dated ? ` Действует с ${formatLongDate(effectiveFrom)}: занятия до этой даты остались как были.` : '';
      const settled = (result.affectedRequests ?? []).map((item) => ` ${affectedRequestLine(item, true)}.`).join('');
      onDone(`Изменено правил: ${result.changed} (№${result.ruleIds.join(', №')}): ${done}.${from}${settled}`);
    } catch (error) {
      const listed = unmatchedOf(error);
      if (listed) {
        setUnmatched({ message: messageOf(error), items: listed, affected: affectedOf(error) });
        setDecisions({});
        setStep('overrides');
      } else if (dated && apiField(error) === 'effectiveFrom') {
        setStep('confirm');
        setDateError(messageOf(error));
      } else {
        setStep(undefined);
        setFailure(messageOf(error));
      }
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
        <button type="button" class="primary" disabled={!ready || busy} onClick={() => (setFailure(undefined), setDateError(undefined), setStep('confirm'))}>
          Применить к выбранным
        </button>
      </div>
      {failure ? <ErrorLine message={failure} /> : null}
      <Dialog title={`Изменить правил: ${count}?`} open={step !== undefined} onClose={() => setStep(undefined)}>
        {step === 'confirm' ? (
          <div class="bulk-confirm">
            <p>
              Правила {selected.map((rule) => `№${rule.id} «${rule.subjectName}»`).join(', ')} {what}
              {dated ? ' с выбранной даты' : ''}. Изменение применяется ко всем правилам сразу или не применяется ни к одному.
            </p>
            {dated && semester ? (
              <EffectiveFromField value={effectiveFrom} semester={semester} error={dateError} onChange={(date) => (setEffectiveFrom(date), setDateError(undefined))} />
            ) : null}
            <button type="button" class="primary" disabled={busy} onClick={() => void apply(false)}>
              Подтвердить
            </button>
          </div>
        ) : step === 'past' ? (
          <div class="bulk-confirm">
            <p>{pastQuestion(effectiveFrom)}</p>
            <div class="row-actions">
              <button type="button" class="primary" disabled={busy} onClick={() => void apply(true)}>
                Да, изменить и прошедшие
              </button>
              <button type="button" onClick={() => setStep('confirm')}>
                Нет, выбрать другую дату
              </button>
            </div>
          </div>
        ) : step === 'overrides' && unmatched ? (
          <div class="unmatched">
            <p>{unmatched.message}</p>
            <p>{`С ${formatLongDate(effectiveFrom)} у этих разовых изменений больше нет своего занятия. Выберите для каждого: оставить его разовым переносом на занятие правила той же недели (если это возможно) или удалить.`}</p>
            <UnmatchedList items={unmatched.items} decisions={decisions} onDecide={(id, decision) => setDecisions((old) => ({ ...old, [id]: decision }))} />
            <AffectedList items={unmatched.affected} />
            <div class="row-actions">
              <button
                type="button"
                class="primary"
                disabled={busy || unmatched.items.some((item) => !decisions[item.overrideId])}
                onClick={() => void apply(true, unmatched.items.map((item) => ({ overrideId: item.overrideId, decision: decisions[item.overrideId] })))}
              >
                {busy ? 'Сохранение…' : 'Сохранить с выбранным'}
              </button>
              <button type="button" onClick={() => setStep('confirm')}>
                Назад
              </button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}

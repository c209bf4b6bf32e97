// /admin/#solver-settings: «Правила хорошего расписания» (issue 54 §3). The university's own weight of
// each penalty of the quality report (in the report's words), the day limits, and what the solver
// treats as hard. The report and the next runs use them at once. A value the server refuses is shown
// next to its field, with everything typed kept.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { ApiFormFrame, Field, useApiForm, type ApiForm } from '../shared/form';
import { ErrorLine, Status, useLoad } from '../shared/ui';

type Settings = Schemas['SolverSettingsRequest'];
type NumberKey = { [K in keyof Settings]: Settings[K] extends number ? K : never }[keyof Settings];
type FlagKey = { [K in keyof Settings]: Settings[K] extends boolean ? K : never }[keyof Settings];
/** Numbers as typed (an empty or odd value goes to the server, which says what is wrong at the field). */
type Values = Record<NumberKey, string> & Record<FlagKey, boolean>;

/** The quality report's metric names, so the office reads the same words on both screens. */
const WEIGHTS: { key: NumberKey; label: string; hint: string }[] = [
  { key: 'roomTooSmall', label: 'Аудитория меньше состава занятия', hint: 'баллов за занятие' },
  { key: 'roomTooBig', label: 'Аудитория слишком велика', hint: 'баллов за занятие' },
  { key: 'groupWindows', label: 'Окна у групп', hint: 'баллов за пустую пару' },
  { key: 'teacherWindows', label: 'Окна у преподавателей', hint: 'баллов за пустую пару' },
  { key: 'groupPairsPerDay', label: 'Перегруженные дни групп: пар в день без штрафа', hint: 'от 1 до 12' },
  { key: 'groupOverload', label: 'Перегруженные дни групп', hint: 'баллов за пару сверх предела' },
  { key: 'teacherPairsPerDay', label: 'Перегруженные дни преподавателей: пар в день без штрафа', hint: 'от 1 до 12' },
  { key: 'teacherOverload', label: 'Перегруженные дни преподавателей', hint: 'баллов за пару сверх предела' },
  { key: 'preferences', label: 'Нарушенные пожелания преподавателей', hint: 'баллов за нарушение' },
  { key: 'unevenWeek', label: 'Неравномерная нагрузка по неделе', hint: 'баллов за пару сверх равной доли' },
  { key: 'lastPair', label: 'Занятия на последней паре дня', hint: 'баллов за занятие на последней паре сетки звонков' },
  { key: 'groupDaysPerWeek', label: 'Дней в неделю у групп: учебных дней без штрафа', hint: 'от 1 до 7' },
  { key: 'groupExtraDay', label: 'Дней в неделю у групп', hint: 'баллов за учебный день сверх предела' },
  { key: 'teacherDaysPerWeek', label: 'Дней в неделю у преподавателей: учебных дней без штрафа', hint: 'от 1 до 7' },
  { key: 'teacherExtraDay', label: 'Дней в неделю у преподавателей', hint: 'баллов за учебный день сверх предела' },
  { key: 'movedLesson', label: 'Исправление расписания: перенесённое занятие', hint: 'баллов за занятие, только при исправлении' },
];

export default function SolverSettings() {
  const current = useLoad(() => data(api.GET('/api/edu-office/schedule/solver-settings')), []);
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Правила хорошего расписания</h1>
      <p class="hint">
        Сколько баллов штрафа стоит каждая проблема в отчёте о качестве и при составлении расписания, и какие условия расчёт не нарушает
        никогда. Изменения действуют сразу в «Качестве» и в следующих расчётах «Составления расписания».
      </p>
      {current.state === 'loading' ? <Status>Загрузка…</Status> : null}
      {current.state === 'error' ? <ErrorLine message={current.message} /> : null}
      {current.state === 'done' ? <SettingsForm saved={current.data} /> : null}
    </section>
  );
}

function valuesOf(settings: Settings): Values {
  const values = { roomTooSmallHard: settings.roomTooSmallHard, preferencesHard: settings.preferencesHard } as Values;
  for (const { key } of WEIGHTS) values[key] = String(settings[key]);
  return values;
}

function SettingsForm({ saved }: { saved: Schemas['SolverSettingsResponse'] }) {
  // Whether the defaults apply follows each save's answer, not only the page's first load.
  const [defaults, setDefaults] = useState(saved.defaults);
  const form = useApiForm<Values>({
    initial: valuesOf(saved),
    send: async (values) => {
      const body = { roomTooSmallHard: values.roomTooSmallHard, preferencesHard: values.preferencesHard } as Settings;
      // An empty field is sent as null: the server refuses it at that field.
      for (const { key } of WEIGHTS) body[key] = (values[key].trim() === '' ? null : Number(values[key])) as number;
      const answer = await data(api.PUT('/api/edu-office/schedule/solver-settings', { body }));
      setDefaults(answer.defaults);
      return 'Правила сохранены: отчёт о качестве и следующие расчёты считают по ним';
    },
  });
  return (
    <ApiFormFrame form={form} label="Правила хорошего расписания" submitText="Сохранить правила">
      <p id="settings-state">{defaults ? 'Сейчас действуют значения по умолчанию.' : 'Правила изменены университетом.'}</p>
      <fieldset class="settings-hard">
        <legend>Что расчёт не нарушает никогда</legend>
        <Flag form={form} name="roomTooSmallHard" label="Не ставить занятие в аудиторию меньше его состава" />
        <Flag form={form} name="preferencesHard" label="Не ставить занятия в нежелательное для преподавателя время" />
        <p class="hint">
          Жёсткое условие связывает только расчёт: при изменении правил вручную, разовых изменениях и публикации нехватка мест по-прежнему только
          предупреждение.
        </p>
      </fieldset>
      <fieldset class="settings-weights">
        <legend>Штрафы (как в отчёте о качестве), 0 — не учитывать</legend>
        <div class="filters">
          {WEIGHTS.map(({ key, label, hint }) => (
            <Field
              key={key}
              label={label}
              hint={hint}
              error={form.errorAt(key)}
              control={(props) => (
                <input {...props} type="number" inputMode="numeric" min={0} value={form.values[key]} onInput={(event) => form.set(key, event.currentTarget.value)} />
              )}
            />
          ))}
        </div>
      </fieldset>
    </ApiFormFrame>
  );
}

function Flag({ form, name, label }: { form: ApiForm<Values>; name: FlagKey; label: string }) {
  const error = form.errorAt(name);
  return (
    <div class={`field checkbox-field${error ? ' field-invalid' : ''}`}>
      <label>
        <input type="checkbox" checked={form.values[name]} onChange={(event) => form.set(name, event.currentTarget.checked)} /> {label}
      </label>
      {error ? <ErrorLine message={error} /> : null}
    </div>
  );
}

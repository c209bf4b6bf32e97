// /admin/#university (ADMIN, issue 55): the time zone of this university, chosen by its own
// administrator (PUT /api/university). It is kept in the university's own database, so no database
// password is asked; "today", the current week and the digest hours follow it at once. A mistyped
// name is refused next to the field with the nearest names the server found.
import { useState } from 'preact/hooks';
import { api, data } from '../api/client';
import { setUniversityTimeZone } from '../shared/dates';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { ErrorLine, useLoad } from '../shared/ui';

/** The IANA names this browser knows, offered while typing (the server has the last word). */
const ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

export default function University() {
  const current = useLoad(() => data(api.GET('/api/university')), []);
  return (
    <>
      <h1 id="page-title">Университет</h1>
      {current.state === 'loading' ? <p role="status">Загрузка…</p> : null}
      {current.state === 'error' ? <ErrorLine message={current.message} /> : null}
      {current.state === 'done' ? <TimeZoneForm timeZone={current.data.timeZone} /> : null}
    </>
  );
}

function TimeZoneForm(props: { timeZone: string }) {
  const [timeZone, setTimeZone] = useState(props.timeZone);
  const form = useApiForm({
    initial: { timeZone },
    otherwise: 'timeZone',
    send: async (values) => {
      const saved = await data(api.PUT('/api/university', { body: { timeZone: values.timeZone.trim() } }));
      setUniversityTimeZone(saved.timeZone);
      setTimeZone(saved.timeZone);
      return `Часовой пояс университета: ${saved.timeZone}. «Сегодня», недели и время сводок считаются по нему`;
    },
  });
  return (
    <ApiFormFrame form={form} label="Часовой пояс университета" submitText="Сохранить часовой пояс">
      <p>
        {`Сейчас: ${timeZone}. По часовому поясу считаются «сегодня», текущая неделя, время в календарях и час рассылки сводок.`}
      </p>
      <Field
        label="Часовой пояс"
        hint="Название из базы IANA: Europe/Moscow, Asia/Novosibirsk, Asia/Vladivostok…"
        error={form.errorAt('timeZone')}
        control={(props) => (
          <input {...props} list="university-time-zones" autoComplete="off" spellcheck={false} value={form.values.timeZone} onInput={(event) => form.set('timeZone', event.currentTarget.value)} />
        )}
      />
      <datalist id="university-time-zones">
        {ZONES.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </ApiFormFrame>
  );
}

// A page made only of the shared components, for test/web-components.e2e-spec.ts: the test bundles
// it and runs it inside a signed-in page of the real service, so the components meet the real API
// (calendar feeds: a refusal quoting «targetId», a 404, a success) without a section of their own.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, data } from '../src/api/client';
import { Dialog } from '../src/shared/dialog';
import { ApiFormFrame, Field, useApiForm } from '../src/shared/form';
import { DataTable } from '../src/shared/table';
import { LongOperation, useLoad } from '../src/shared/ui';

type FeedKind = 'GROUP' | 'CLASSROOM';
const EMPTY: { kind: FeedKind; targetId: string } = { kind: 'GROUP', targetId: '' };

function Harness() {
  const [round, setRound] = useState(0);
  const [dialogOpen, setDialogOpen] = useState(false);
  // «Открыть другое окно»: the page closes the dialog and opens it again at once (as a list does when
  // one form is done and another row's form is asked for); it must stay open.
  const [reopen, setReopen] = useState(false);
  useEffect(() => {
    if (!dialogOpen && reopen) {
      setReopen(false);
      setDialogOpen(true);
    }
  }, [dialogOpen, reopen]);
  const feeds = useLoad(() => data(api.GET('/api/calendar-feeds')), [round]);
  const form = useApiForm({
    initial: EMPTY,
    send: async (values) => {
      const feed = await data(api.POST('/api/calendar-feeds', { body: { kind: values.kind, targetId: values.targetId === '' ? undefined : Number(values.targetId) } }));
      setRound((value) => value + 1);
      return `Подписка создана: ${feed.targetName}`;
    },
  });
  return (
    <main id="main">
      <h1 id="page-title">Компоненты</h1>
      <ApiFormFrame form={form} label="Новая подписка" submitText="Подписаться">
        <Field
          label="Что"
          control={(props) => (
            <select {...props} value={form.values.kind} onChange={(event) => form.set('kind', event.currentTarget.value as FeedKind)}>
              <option value="GROUP">Группа</option>
              <option value="CLASSROOM">Аудитория</option>
            </select>
          )}
        />
        <Field
          label="Номер"
          error={form.errorAt('targetId')}
          control={(props) => <input {...props} inputMode="numeric" value={form.values.targetId} onInput={(event) => form.set('targetId', event.currentTarget.value)} />}
        />
      </ApiFormFrame>
      <DataTable
        caption="Мои подписки"
        rows={feeds}
        rowKey={(feed) => feed.id}
        filterText={(feed) => feed.targetName}
        pageSize={2}
        empty="Подписок нет."
        columns={[
          { title: 'Что', cell: (feed) => feed.targetName, compare: (a, b) => a.targetName.localeCompare(b.targetName, 'ru') },
          { title: 'Номер', cell: (feed) => feed.id, compare: (a, b) => a.id - b.id },
        ]}
      />
      <button type="button" onClick={() => setDialogOpen(true)}>
        Открыть окно
      </button>
      <Dialog title="Окно" open={dialogOpen} onClose={() => setDialogOpen(false)}>
        <p>Содержимое окна</p>
        <button type="button" onClick={() => (setReopen(true), setDialogOpen(false))}>
          Открыть другое окно
        </button>
      </Dialog>
      <LongOperation label="Импорт дисциплин" done={3} total={10} />
    </main>
  );
}

// A fresh root: the page's own client is left behind (its tree removed with the body's content).
const root = document.createElement('div');
document.body.replaceChildren(root);
render(<Harness />, root);

// The one table-and-form pattern of «Справочники»: a list (search, filters, sorting, archived rows on
// request), a dialog form to add or change a row, removal or archive/restore, and panels of nested
// lists (a specialty's profiles, a group's subgroups). Each reference entity is a descriptor
// (entities/*.tsx) saying what to show and which API calls to make; this file draws all of them.
import type { ComponentChildren, JSX } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { Role } from '../api/client';
import { Dialog, RemoveConfirm } from '../shared/dialog';
import { type ArchivedRecord, RuleEndingsConfirm } from '../shared/rule-endings';
import { messageOf } from '../shared/errors';
import { ApiFormFrame, Field, useApiForm, type ApiForm } from '../shared/form';
import { Picker, type Choice } from '../shared/picker';
import { useMe } from '../shared/session';
import { DataTable, type Column } from '../shared/table';
import { ErrorLine, Status, useId, useLoad } from '../shared/ui';

/** A form keeps what the user typed: text and numbers as typed, ids of a choice as text, a set of ids, a tick. */
export type FormValue = string | boolean | number[];
export type FormValues = Record<string, FormValue>;

export interface Option {
  id: number;
  label: string;
}

interface FieldBase<V extends FormValues> {
  /** The API's field name, so a refusal whose `field` names it lands here. */
  name: keyof V & string;
  label: string;
  hint?: string;
  /** Identifies the row (a link's teacher and subject): chosen when adding, not changed later. */
  fixedOnEdit?: boolean;
}

export type FieldSpec<V extends FormValues> = FieldBase<V> &
  (
    | { kind: 'text' | 'number' | 'checkbox' }
    /** One id (`select`) or a set of ids (`multi`) from a list; `dependsOn` reloads the list (and clears the choice) when those fields change. */
    | { kind: 'select' | 'multi'; options: (values: V) => Promise<Option[]>; dependsOn?: (keyof V & string)[] }
    /** One id found by typing (long lists such as teachers). */
    | { kind: 'search'; search: (query: string) => Promise<Choice[]>; placeholder: string }
  );

/** A filter over the loaded rows: its choices are the distinct values the rows have. */
export interface FilterSpec<Row> {
  label: string;
  of: (row: Row) => string;
}

/** A list under a chosen row (its profiles, subgroups, calendar assignments). */
export interface ChildSpec<Row> {
  /** The row's button and the panel's heading. */
  title: string;
  render: (row: Row) => JSX.Element;
}

export interface EntityDescriptor<Row, V extends FormValues> {
  /** The address key: `#reference-data?entity=<id>`. */
  id: string;
  /** The tab and the heading. */
  title: string;
  /** «Добавить …» button text, e.g. «Добавить кафедру». */
  addText: string;
  /** The row's name in messages and in the accessible names of its buttons. */
  rowLabel: (row: Row) => string;
  rowKey: (row: Row) => string | number;
  /** Loads the rows (with archived ones when `archived`). */
  list: (archived: boolean) => Promise<Row[]>;
  columns: Column<Row>[];
  filterText: (row: Row) => string;
  filters?: FilterSpec<Row>[];
  empty: string;
  fields: FieldSpec<V>[];
  blank: V;
  /** Who may change this list (the server checks too); everyone who sees the section may read it. */
  writers?: readonly Role[];
  create?: (values: V) => Promise<unknown>;
  /** With `valuesOf`, rows can be changed. */
  update?: (row: Row, values: V) => Promise<unknown>;
  valuesOf?: (row: Row) => V;
  /** Irreversible removal (the API refuses one still in use). */
  remove?: (row: Row, effectiveFrom?: string) => Promise<unknown>;
  /** Archive and restore, where the spec archives. */
  archive?: { label?: string; isArchived: (row: Row) => boolean; archive: (row: Row, effectiveFrom?: string) => Promise<unknown>; restore: (row: Row) => Promise<unknown> };
  /**
   * The record as schedule rules name it, where archiving (or removing) it ends the rules that use it
   * (issue 53): the confirmation then asks from which day and lists those rules.
   */
  endsRules?: (row: Row) => ArchivedRecord;
  children?: ChildSpec<Row>[];
  /** More under the table (a group's division mode); it stays mounted while `reload` asks for the rows again. */
  extra?: (props: { rows: Row[]; loaded: boolean; reload: () => void; canWrite: boolean }) => ComponentChildren;
}

/** An empty box is left out of the body, so the API's own «обязательно» message is what the user reads. */
export const num = (value: FormValue): number => (typeof value === 'string' && value.trim() !== '' ? Number(value) : (undefined as unknown as number));
export const text = (value: FormValue): string => (typeof value === 'string' ? value.trim() : '');
export const ids = (value: FormValue): number[] => (Array.isArray(value) ? value : []);
export const str = (value: number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

type Panel<Row> = { kind: 'add' } | { kind: 'edit'; row: Row } | { kind: 'remove'; row: Row } | { kind: 'archive'; row: Row };

export function EntityDesk<Row, V extends FormValues>({ descriptor, nested = false }: { descriptor: EntityDescriptor<Row, V>; nested?: boolean }) {
  const me = useMe();
  const d = descriptor;
  const canWrite = !d.writers || d.writers.includes(me.role);
  const [archived, setArchived] = useState(false);
  // Nested descriptors are rebuilt on every render of their parent: the id (which names the parent row) is what changes.
  const rows = useLoad(() => d.list(archived), [d.id, archived]);
  const [filters, setFilters] = useState<Record<number, string>>({});
  const [panel, setPanel] = useState<Panel<Row>>();
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [open, setOpen] = useState<{ child: number; key: string | number }>();
  const archivedId = useId('archived');
  const Heading = nested ? 'h3' : 'h2';

  const all = rows.state === 'done' ? rows.data : [];
  const filtered = useMemo(
    () => all.filter((row) => (d.filters ?? []).every((filter, index) => !filters[index] || filter.of(row) === filters[index])),
    [all, filters, d.filters],
  );
  const shownRows = rows.state === 'done' ? { state: 'done' as const, data: filtered } : rows;

  const changed = (message: string) => {
    setNotice(message);
    setFailure(undefined);
    setPanel(undefined);
    rows.reload();
  };
  const act = async (run: () => Promise<unknown>, message: string) => {
    setNotice(undefined);
    try {
      await run();
      changed(message);
    } catch (error) {
      setFailure(messageOf(error));
    }
  };

  const actions = (row: Row) => {
    const label = d.rowLabel(row);
    const gone = d.archive?.isArchived(row) ?? false;
    return (
      <div class="row-actions">
        {(d.children ?? []).map((child, index) => (
          <button
            type="button"
            class="link-button"
            key={child.title}
            aria-label={`${child.title}: ${label}`}
            aria-expanded={open?.child === index && open.key === d.rowKey(row)}
            onClick={() => {
              setNotice(undefined);
              setOpen(open?.child === index && open.key === d.rowKey(row) ? undefined : { child: index, key: d.rowKey(row) });
            }}
          >
            {child.title}
          </button>
        ))}
        {canWrite && d.update && d.valuesOf && !gone ? (
          <button type="button" class="link-button" aria-label={`Изменить: ${label}`} onClick={() => (setNotice(undefined), setPanel({ kind: 'edit', row }))}>
            Изменить
          </button>
        ) : null}
        {canWrite && d.archive && !gone ? (
          <button
            type="button"
            class="link-button"
            aria-label={`В архив: ${label}`}
            onClick={() => (d.endsRules ? (setNotice(undefined), setPanel({ kind: 'archive', row })) : void act(() => d.archive!.archive(row), `Перенесено в архив: «${label}»`))}
          >
            В архив
          </button>
        ) : null}
        {canWrite && d.archive && gone ? (
          <button type="button" class="link-button" aria-label={`Вернуть из архива: ${label}`} onClick={() => void act(() => d.archive!.restore(row), `Возвращено из архива: «${label}»`)}>
            Вернуть из архива
          </button>
        ) : null}
        {canWrite && d.remove ? (
          <button type="button" class="link-button" aria-label={`Удалить: ${label}`} onClick={() => (setNotice(undefined), setPanel({ kind: 'remove', row }))}>
            Удалить
          </button>
        ) : null}
      </div>
    );
  };
  const hasActions = Boolean(d.children?.length) || (canWrite && Boolean((d.update && d.valuesOf) || d.archive || d.remove));
  const columns: Column<Row>[] = hasActions ? [...d.columns, { title: 'Действия', cell: actions }] : d.columns;
  const openRow = open && all.find((row) => d.rowKey(row) === open.key);
  const openChild = open && openRow !== undefined ? d.children?.[open.child] : undefined;

  return (
    <section class={nested ? 'entity-desk nested' : 'entity-desk'} aria-label={d.title}>
      <div class="desk-head">
        {/* A nested list is headed by its panel («Подгруппы: ИВТ-101»). */}
        {nested ? null : <Heading>{d.title}</Heading>}
        {canWrite && d.create ? (
          <button type="button" class="primary" onClick={() => (setNotice(undefined), setPanel({ kind: 'add' }))}>
            {d.addText}
          </button>
        ) : null}
      </div>
      {!canWrite ? <p class="hint">Только просмотр: изменять этот справочник может администратор.</p> : null}
      {d.archive || d.filters?.length ? (
        <div class="filters">
          {(d.filters ?? []).map((filter, index) => (
            <FilterSelect key={filter.label} label={filter.label} values={all.map(filter.of)} value={filters[index] ?? ''} onChange={(value) => setFilters({ ...filters, [index]: value })} />
          ))}
          {d.archive ? (
            <label class="check" for={archivedId}>
              <input id={archivedId} type="checkbox" checked={archived} onChange={(event) => setArchived(event.currentTarget.checked)} />
              {d.archive.label ?? 'Показывать архивные'}
            </label>
          ) : null}
        </div>
      ) : null}
      {notice ? (
        <p class="notice notice-info" role="status">
          {notice}
        </p>
      ) : null}
      {failure ? <ErrorLine message={failure} /> : null}
      <DataTable<Row>
        caption={`${d.title}, записей: ${filtered.length}`}
        rows={shownRows}
        rowKey={d.rowKey}
        // A nested list is short: no search box.
        filterText={nested ? undefined : d.filterText}
        columns={columns}
        empty={d.empty}
      />
      {d.extra ? d.extra({ rows: all, loaded: rows.state === 'done', reload: rows.reload, canWrite }) : null}
      {openChild && openRow !== undefined ? (
        // Keyed by row and list: another row's or another list's panel starts afresh, never with these rows.
        <div class="panel" key={`${open?.child}-${open?.key}`}>
          <div class="panel-head">
            <Heading>{`${openChild.title}: ${d.rowLabel(openRow)}`}</Heading>
            <button type="button" class="link-button" onClick={() => setOpen(undefined)}>
              Свернуть
            </button>
          </div>
          {openChild.render(openRow)}
        </div>
      ) : null}
      <Dialog
        title={
          panel?.kind === 'add'
            ? d.addText
            : panel?.kind === 'edit'
              ? `Изменить: ${d.rowLabel(panel.row)}`
              : panel?.kind === 'archive'
                ? `В архив: ${d.rowLabel(panel.row)}`
                : panel
                  ? `Удалить: ${d.rowLabel(panel.row)}`
                  : ''
        }
        open={panel !== undefined}
        onClose={() => setPanel(undefined)}
      >
        {panel?.kind === 'add' && d.create ? (
          <EntityForm descriptor={d} initial={d.blank} editing={false} submitText="Добавить" send={d.create} onSaved={() => changed('Запись добавлена')} />
        ) : null}
        {panel?.kind === 'edit' && d.update && d.valuesOf ? (
          <EntityForm
            descriptor={d}
            initial={d.valuesOf(panel.row)}
            editing
            submitText="Сохранить"
            send={(values) => d.update!(panel.row, values)}
            onSaved={() => changed(`Изменения сохранены: «${d.rowLabel(panel.row)}»`)}
          />
        ) : null}
        {panel?.kind === 'archive' && d.archive && d.endsRules ? (
          <RuleEndingsConfirm
            record={d.endsRules(panel.row)}
            question={`Перенести «${d.rowLabel(panel.row)}» в архив? Запись останется в истории и прошедшем расписании, но не будет предлагаться для новых занятий.`}
            confirmText="В архив и завершить правила"
            run={(date) => d.archive!.archive(panel.row, date)}
            onDone={() => changed(`Перенесено в архив: «${d.rowLabel(panel.row)}»`)}
            onCancel={() => setPanel(undefined)}
          />
        ) : null}
        {panel?.kind === 'remove' && d.remove && d.endsRules ? (
          <RuleEndingsConfirm
            record={d.endsRules(panel.row)}
            question={`Удалить «${d.rowLabel(panel.row)}»? Если на неё есть ссылки, она перейдёт в архив и останется в истории.`}
            confirmText="Удалить и завершить правила"
            run={(date) => d.remove!(panel.row, date)}
            onDone={() => changed(`Удалено: «${d.rowLabel(panel.row)}»`)}
            onCancel={() => setPanel(undefined)}
          />
        ) : null}
        {panel?.kind === 'remove' && d.remove && !d.endsRules ? <RemoveConfirm question={`Удалить «${d.rowLabel(panel.row)}»? Это действие нельзя отменить.`} run={() => d.remove!(panel.row)} onDone={() => changed(`Удалено: «${d.rowLabel(panel.row)}»`)} /> : null}
      </Dialog>
    </section>
  );
}

function FilterSelect({ label, values, value, onChange }: { label: string; values: string[]; value: string; onChange: (value: string) => void }) {
  const id = useId('filter');
  const choices = [...new Set(values.filter(Boolean))].sort((a, b) => a.localeCompare(b, 'ru'));
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">Все</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The add/change form: one control per field; a refusal lands at the field its `field` names. */
function EntityForm<Row, V extends FormValues>({
  descriptor,
  initial,
  editing,
  submitText,
  send,
  onSaved,
}: {
  descriptor: EntityDescriptor<Row, V>;
  initial: V;
  editing: boolean;
  submitText: string;
  send: (values: V) => Promise<unknown>;
  onSaved: () => void;
}) {
  const fields = descriptor.fields.filter((field) => !(editing && field.fixedOnEdit));
  const form = useApiForm<V>({
    initial,
    send: async (values) => {
      await send(values);
      onSaved();
    },
  });
  const set = (name: keyof V & string, value: FormValue) => {
    form.set(name, value as V[typeof name]);
    // A choice that depends on this one (a profile of the specialty) no longer fits.
    for (const field of fields) if ((field.kind === 'select' || field.kind === 'multi') && field.dependsOn?.includes(name)) form.set(field.name, (field.kind === 'multi' ? [] : '') as V[keyof V]);
  };
  return (
    <ApiFormFrame form={form} label={descriptor.addText} submitText={submitText}>
      {fields.map((field) => (
        <FieldControl key={field.name} field={field} form={form} set={set} />
      ))}
    </ApiFormFrame>
  );
}

/** A tick box with its label beside it, and its error under it like any field. */
function CheckboxField({ label, hint, error, checked, onChange }: { label: string; hint?: string; error?: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId('check');
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div class={`field${error ? ' field-invalid' : ''}`}>
      <label class="check" for={id}>
        <input id={id} type="checkbox" checked={checked} aria-invalid={error ? 'true' : undefined} aria-describedby={described || undefined} onChange={(event) => onChange(event.currentTarget.checked)} />
        {label}
      </label>
      {hint ? (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? <ErrorLine id={`${id}-error`} message={error} /> : null}
    </div>
  );
}

function FieldControl<V extends FormValues>({ field, form, set }: { field: FieldSpec<V>; form: ApiForm<V>; set: (name: keyof V & string, value: FormValue) => void }) {
  const value = form.values[field.name];
  const error = form.errorAt(field.name);
  if (field.kind === 'checkbox') {
    return <CheckboxField label={field.label} hint={field.hint} error={error} checked={value === true} onChange={(checked) => set(field.name, checked)} />;
  }
  if (field.kind === 'select' || field.kind === 'multi') return <OptionsControl field={field} form={form} set={set} />;
  if (field.kind === 'search') {
    return (
      <div class={`field${error ? ' field-invalid' : ''}`}>
        <Picker label={field.label} placeholder={field.placeholder} search={field.search} onPick={(choice) => set(field.name, String(choice.id))} />
        {error ? <ErrorLine message={error} /> : null}
      </div>
    );
  }
  return (
    <Field
      label={field.label}
      error={error}
      hint={field.hint}
      control={(props) => (
        <input {...props} type={field.kind === 'number' ? 'number' : 'text'} value={value as string} onInput={(event) => set(field.name, event.currentTarget.value)} />
      )}
    />
  );
}

function OptionsControl<V extends FormValues>({
  field,
  form,
  set,
}: {
  field: FieldBase<V> & { kind: 'select' | 'multi'; options: (values: V) => Promise<Option[]>; dependsOn?: (keyof V & string)[] };
  form: ApiForm<V>;
  set: (name: keyof V & string, value: FormValue) => void;
}) {
  const depends = (field.dependsOn ?? []).map((name) => form.values[name]);
  const options = useLoad(() => field.options(form.values), depends);
  const value = form.values[field.name];
  const error = form.errorAt(field.name);
  const groupId = useId('choices');
  if (field.kind === 'multi') {
    const chosen = ids(value);
    return (
      <fieldset class={`kinds${error ? ' field-invalid' : ''}`} aria-describedby={error ? `${groupId}-error` : undefined}>
        <legend>{field.label}</legend>
        {options.state === 'loading' ? <Status>Загрузка…</Status> : null}
        {options.state === 'error' ? <ErrorLine message={options.message} /> : null}
        {options.state === 'done' && options.data.length === 0 ? <p class="hint">Выбирать не из чего.</p> : null}
        {options.state === 'done'
          ? options.data.map((option) => (
              <label class="kind" key={option.id}>
                <input
                  type="checkbox"
                  checked={chosen.includes(option.id)}
                  onChange={(event) => set(field.name, event.currentTarget.checked ? [...chosen, option.id] : chosen.filter((id) => id !== option.id))}
                />
                {option.label}
              </label>
            ))
          : null}
        {field.hint ? <p class="hint">{field.hint}</p> : null}
        {error ? <ErrorLine id={`${groupId}-error`} message={error} /> : null}
      </fieldset>
    );
  }
  return (
    <Field
      label={field.label}
      error={error ?? (options.state === 'error' ? options.message : undefined)}
      hint={field.hint}
      control={(props) => (
        <select {...props} value={value as string} onChange={(event) => set(field.name, event.currentTarget.value)}>
          <option value="">{options.state === 'loading' ? 'Загрузка…' : '— не выбрано —'}</option>
          {options.state === 'done'
            ? options.data.map((option) => (
                <option key={option.id} value={String(option.id)}>
                  {option.label}
                </option>
              ))
            : null}
        </select>
      )}
    />
  );
}

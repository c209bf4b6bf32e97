// A table of rows the section already has (or is loading): a text filter, sorting by a column
// header, paging, and its loading / error / empty states. Headers are buttons with `aria-sort`.
// <PagedTable> is the same table for one page the API has cut (`.../page` endpoints).
import type { ComponentChildren } from 'preact';
import { useMemo, useRef, useState } from 'preact/hooks';
import { ErrorLine, Status, useId, type Loaded } from './ui';

export interface Column<T> {
  title: string;
  cell: (row: T) => ComponentChildren;
  /** Present when the column can be sorted (e.g. `(a, b) => a.hours - b.hours`). */
  compare?: (a: T, b: T) => number;
  /** The column that names the row (a `<th scope="row">`). */
  rowHeader?: boolean;
  /** A class for its cells (e.g. `row-actions`). */
  class?: string;
}

/** What every table may add to its markup: an id, and per row `data-…` attributes (that tests and links find rows by) or a class. */
interface Marks<T> {
  id?: string;
  rowProps?: (row: T) => Record<string, string>;
  /** Read as cards on a phone: each cell says its column's name (`stacked-table`). */
  stacked?: boolean;
  /** The caption is read out but not shown: a heading right above already names the list. */
  captionHidden?: boolean;
}

export function DataTable<T>({
  caption,
  rows,
  columns,
  rowKey,
  filterText,
  pageSize = 25,
  empty = 'Записей нет.',
  ...marks
}: {
  caption: string;
  rows: Loaded<T[]>;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  /** When given, a search field filters rows by this text. */
  filterText?: (row: T) => string;
  pageSize?: number;
  empty?: string;
} & Marks<T>) {
  const [sort, setSort] = useState<{ column: number; direction: 1 | -1 }>();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const filterId = useId('table-filter');
  // While the rows reload (after a change), the last ones stay, so the table does not blink.
  const last = useRef<T[]>();
  if (rows.state === 'done') last.current = rows.data;
  const all = rows.state === 'done' ? rows.data : rows.state === 'loading' ? (last.current ?? []) : [];
  const shown = useMemo(() => {
    const needle = filter.trim().toLocaleLowerCase('ru');
    const kept = needle && filterText ? all.filter((row) => filterText(row).toLocaleLowerCase('ru').includes(needle)) : all;
    const compare = sort && columns[sort.column].compare;
    return compare ? [...kept].sort((a, b) => compare(a, b) * sort.direction) : kept;
  }, [all, filter, sort, columns, filterText]);
  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(page, pages - 1);

  let body: ComponentChildren;
  if (rows.state === 'loading' && !last.current) body = <Status>Загрузка…</Status>;
  else if (rows.state === 'error') body = <ErrorLine message={rows.message} />;
  else if (shown.length === 0) body = <p class="empty">{all.length === 0 ? empty : 'Ничего не найдено.'}</p>;
  else
    body = (
      <Grid
        caption={caption}
        heads={columns.map((column, index) => ({
          title: column.title,
          sorted: sort?.column === index ? sort.direction : undefined,
          onSort: column.compare ? () => setSort({ column: index, direction: sort?.column === index && sort.direction === 1 ? -1 : 1 }) : undefined,
        }))}
        columns={columns}
        rows={shown.slice(current * pageSize, (current + 1) * pageSize)}
        rowKey={rowKey}
        {...marks}
      />
    );

  return (
    <div class="table-frame" aria-busy={rows.state === 'loading' && last.current ? 'true' : undefined}>
      {filterText ? (
        <div class="field">
          <label for={filterId}>Поиск</label>
          <input id={filterId} type="search" value={filter} onInput={(event) => (setFilter(event.currentTarget.value), setPage(0))} />
        </div>
      ) : null}
      {body}
      {pages > 1 ? (
        <nav class="pager" aria-label={`Страницы: ${caption}`}>
          <button type="button" disabled={current === 0} onClick={() => setPage(current - 1)}>
            ← Назад
          </button>
          <span>{`Страница ${current + 1} из ${pages}`}</span>
          <button type="button" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            Вперёд →
          </button>
        </nav>
      ) : null}
    </div>
  );
}

/** A column header: sortable when it has `onSort`; `sorted` marks the current order. */
interface Head {
  title: string;
  sorted?: 1 | -1;
  onSort?: () => void;
}

function Grid<T>({
  caption,
  heads,
  columns,
  rows,
  rowKey,
  id,
  rowProps,
  stacked,
  captionHidden,
}: { caption: string; heads: Head[]; columns: Omit<Column<T>, 'compare'>[]; rows: T[]; rowKey: (row: T) => string | number } & Marks<T>) {
  const label = (column: { title: string }) => (stacked ? column.title : undefined);
  return (
    <div class="table-scroll">
      <table class={stacked ? 'data-table stacked-table' : 'data-table'} id={id}>
        <caption class={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {heads.map((head) => (
              <th scope="col" key={head.title} aria-sort={head.sorted ? (head.sorted === 1 ? 'ascending' : 'descending') : undefined}>
                {head.onSort ? (
                  <button type="button" class="sort" onClick={head.onSort}>
                    {head.title}
                    <span aria-hidden="true">{head.sorted ? (head.sorted === 1 ? ' ▲' : ' ▼') : ''}</span>
                  </button>
                ) : (
                  head.title
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th scope="row" key={column.title} class={column.class} data-label={label(column)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.title} class={column.class} data-label={label(column)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One page as the API's `.../page` endpoints return it (spec 1; the generated types mark every field optional). */
export interface PageOf<T> {
  items?: T[];
  page?: number;
  totalItems?: number;
  totalPages?: number;
  first?: boolean;
  last?: boolean;
}

export interface PagedColumn<T> {
  title: string;
  cell: (row: T) => ComponentChildren;
  /** The API's `sort` value when the API can order by this column. */
  sortKey?: string;
  rowHeader?: boolean;
  class?: string;
}

export interface PageOrder {
  sort: string;
  direction: 'asc' | 'desc';
}

/**
 * A table of one page the API has already filtered, ordered and cut (`.../page` endpoints): its
 * header buttons and pager ask the section for another order or page instead of sorting or paging
 * the rows it holds. Same look, states and keyboard use as <DataTable>.
 */
export function PagedTable<T>({
  caption,
  rows,
  columns,
  rowKey,
  order,
  onOrder,
  onPage,
  empty = 'Записей нет.',
  ...marks
}: {
  caption: string;
  rows: Loaded<PageOf<T>>;
  columns: PagedColumn<T>[];
  rowKey: (row: T) => string | number;
  order?: PageOrder;
  onOrder?: (order: PageOrder) => void;
  onPage: (page: number) => void;
  empty?: string;
} & Marks<T>) {
  // While the next page loads the current one stays (marked busy), so the pager keeps its focus.
  const shown = useRef<PageOf<T>>();
  if (rows.state === 'done') shown.current = rows.data;
  if (rows.state === 'error') return <ErrorLine message={rows.message} />;
  if (!shown.current) return <Status>Загрузка…</Status>;
  const { items = [], page = 0, totalItems = 0, totalPages = 0, first = true, last = true } = shown.current;
  if (items.length === 0) return <p class="empty">{totalItems === 0 ? empty : 'На этой странице записей нет.'}</p>;
  const heads = columns.map((column): Head => {
    const { sortKey } = column;
    if (!sortKey || !onOrder) return { title: column.title };
    const active = order?.sort === sortKey;
    return {
      title: column.title,
      sorted: active ? (order.direction === 'asc' ? 1 : -1) : undefined,
      onSort: () => onOrder({ sort: sortKey, direction: active && order.direction === 'asc' ? 'desc' : 'asc' }),
    };
  });
  return (
    <div class="table-frame" aria-busy={rows.state === 'loading' ? 'true' : undefined}>
      <Grid caption={`${caption}: ${totalItems}`} heads={heads} columns={columns} rows={items} rowKey={rowKey} {...marks} />
      {totalPages > 1 ? (
        <nav class="pager" aria-label={`Страницы: ${caption}`}>
          <button type="button" disabled={first} onClick={() => onPage(page - 1)}>
            ← Назад
          </button>
          <span>{`Страница ${page + 1} из ${totalPages}`}</span>
          <button type="button" disabled={last} onClick={() => onPage(page + 1)}>
            Вперёд →
          </button>
        </nav>
      ) : null}
    </div>
  );
}

// A table of rows the section already has (or is loading): a text filter, sorting by a column
// header, paging, and its loading / error / empty states. Headers are buttons with `aria-sort`.
import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { ErrorLine, Status, useId, type Loaded } from './ui';

export interface Column<T> {
  title: string;
  cell: (row: T) => ComponentChildren;
  /** Present when the column can be sorted (e.g. `(a, b) => a.hours - b.hours`). */
  compare?: (a: T, b: T) => number;
}

export function DataTable<T>({
  caption,
  rows,
  columns,
  rowKey,
  filterText,
  pageSize = 25,
  empty = 'Записей нет.',
}: {
  caption: string;
  rows: Loaded<T[]>;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  /** When given, a search field filters rows by this text. */
  filterText?: (row: T) => string;
  pageSize?: number;
  empty?: string;
}) {
  const [sort, setSort] = useState<{ column: number; direction: 1 | -1 }>();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const filterId = useId('table-filter');
  const all = rows.state === 'done' ? rows.data : [];
  const shown = useMemo(() => {
    const needle = filter.trim().toLocaleLowerCase('ru');
    const kept = needle && filterText ? all.filter((row) => filterText(row).toLocaleLowerCase('ru').includes(needle)) : all;
    const compare = sort && columns[sort.column].compare;
    return compare ? [...kept].sort((a, b) => compare(a, b) * sort.direction) : kept;
  }, [all, filter, sort, columns, filterText]);
  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(page, pages - 1);

  let body: ComponentChildren;
  if (rows.state === 'loading') body = <Status>Загрузка…</Status>;
  else if (rows.state === 'error') body = <ErrorLine message={rows.message} />;
  else if (shown.length === 0) body = <p class="empty">{all.length === 0 ? empty : 'Ничего не найдено.'}</p>;
  else
    body = (
      <div class="table-scroll">
        <table class="data-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column, index) => {
                const active = sort?.column === index;
                return (
                  <th scope="col" key={column.title} aria-sort={active ? (sort.direction === 1 ? 'ascending' : 'descending') : undefined}>
                    {column.compare ? (
                      <button type="button" class="sort" onClick={() => setSort({ column: index, direction: active && sort.direction === 1 ? -1 : 1 })}>
                        {column.title}
                        <span aria-hidden="true">{active ? (sort.direction === 1 ? ' ▲' : ' ▼') : ''}</span>
                      </button>
                    ) : (
                      column.title
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.slice(current * pageSize, (current + 1) * pageSize).map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.title}>{column.cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <div class="table-frame">
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

// A heat map of weekdays × pairs (how busy each pair of each weekday is): a real table, so a screen
// reader reads the numbers, with each cell's shade chosen from five classes by its share of the
// busiest cell (the CSP forbids inline styles, so no computed colours).
export interface HeatRow {
  label: string;
  /** One count per column, in column order. */
  values: number[];
}

export function HeatMap({ caption, columns, rows }: { caption: string; columns: string[]; rows: HeatRow[] }) {
  const max = Math.max(1, ...rows.flatMap((row) => row.values));
  const level = (value: number) => (value === 0 ? 0 : Math.min(4, Math.ceil((value / max) * 4)));
  return (
    <div class="table-scroll">
      <table class="heat-map">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Пара</th>
            {columns.map((column) => (
              <th scope="col" key={column}>{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {row.values.map((value, index) => (
                <td key={index} class={`heat-${level(value)}`}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// A table as a CSV download: UTF-8 with a byte-order mark (so spreadsheet programs open Cyrillic
// correctly), `;` between fields as Russian spreadsheet programs expect, quotes where a field needs
// them. Returned as a data: address for a download link (same-origin CSP: no blob fetches needed).

const BOM = '\uFEFF';

export type CsvValue = string | number | boolean | null | undefined;

function field(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvText(header: string[], rows: CsvValue[][]): string {
  return BOM + [header, ...rows].map((row) => row.map(field).join(';')).join('\r\n') + '\r\n';
}

export function csvHref(header: string[], rows: CsvValue[][]): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(csvText(header, rows))}`;
}

/** «Скачать CSV» for a table: the file name says what and for which period. */
export function CsvLink({ name, header, rows }: { name: string; header: string[]; rows: CsvValue[][] }) {
  return (
    <a class="button-link" href={csvHref(header, rows)} download={`${name}.csv`}>
      {`Скачать CSV: ${name}`}
    </a>
  );
}

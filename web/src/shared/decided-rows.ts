// A list of records to approve or reject (absences, preferences): a decision says what happened and
// leaves its row where it was, with the record as the API answered it (its new status), until the list
// is loaded again. A «waiting» filter would otherwise drop the row at once, and the reviewer would not
// see what became of it.
import { useRef, useState } from 'preact/hooks';
import type { Loaded } from './ui';

interface Decisions<T> {
  /** The loaded rows these decisions belong to: a new load starts afresh. */
  of: T[] | undefined;
  byId: Map<number, T>;
  notice?: string;
}

export function useDecidedRows<T extends { id: number }>(
  rows: Loaded<T[]> & { reload: () => void },
): { rows: Loaded<T[]>; notice?: string; decided: (record: T, notice: string) => void } {
  const loaded = rows.state === 'done' ? rows.data : undefined;
  const latest = useRef(loaded);
  latest.current = loaded;
  const [decisions, setDecisions] = useState<Decisions<T>>({ of: undefined, byId: new Map() });
  const current: Decisions<T> = decisions.of === loaded ? decisions : { of: loaded, byId: new Map() };
  return {
    rows: rows.state === 'done' && current.byId.size > 0 ? { state: 'done', data: rows.data.map((row) => current.byId.get(row.id) ?? row) } : rows,
    notice: current.notice,
    decided: (record, notice) => {
      // The list changed while the decision was on its way (another filter chosen): that list may
      // have been read before the decision was saved, so it is read again.
      if (latest.current !== loaded) {
        rows.reload();
        return;
      }
      setDecisions((before) => ({ of: loaded, byId: new Map(before.of === loaded ? before.byId : []).set(record.id, record), notice }));
    },
  };
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { int, rowShape } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { currentTenant } from '../../platform/tenancy/tenant-context';
import { joinJsonPieces } from '../../platform/http/json-pieces';
import { toPage } from '../../platform/http/paging';
import { LessonChangeResponse } from './dto/lesson-change.dto';
import { OverrideResponse } from './dto/override-response.dto';

const STAMP = rowShape({ stamp: int });

/** Registry answers kept per tenant database (a week of a large university is about half a megabyte). */
const ANSWERS_PER_TENANT = 32;

const PAGE_OPEN = Buffer.from('{"items":[');

/**
 * One registry answer: its entries (pages are chosen from them) and, made when first asked for, their
 * JSON. Each entry is serialised once, into the whole list's JSON; a page is put together from the
 * entries' bytes within it (issue 29: a page of fifty changes cost a JSON.stringify of about 50 KB
 * per request before, the most of its CPU).
 */
export class RegistryAnswer {
  private serialised?: Buffer;
  /** Each entry's JSON: views into `serialised`, so the bytes are held once. */
  private pieces?: Buffer[];

  constructor(readonly entries: readonly OverrideResponse[]) {}

  /** The whole list, as `JSON.stringify(entries)` would write it. */
  get json(): Buffer {
    if (this.serialised === undefined) this.serialise();
    return this.serialised as Buffer;
  }

  /**
   * The page (`toPage`) of the entries at `chosen` (indexes into `entries`, in the page's order) as
   * JSON, the same bytes as `JSON.stringify(toPage(…))`.
   */
  pageJson(chosen: readonly number[], page: number, size: number): Buffer {
    if (this.pieces === undefined) this.serialise();
    const pieces = this.pieces as Buffer[];
    const onPage = chosen.slice(page * size, (page + 1) * size).map((index) => pieces[index]);
    // `items` comes first in a Page, so the other fields follow its closing bracket (undefined: left out).
    const fields = JSON.stringify({ ...toPage<never>([], chosen.length, page, size), items: undefined });
    return joinJsonPieces(onPage, PAGE_OPEN, Buffer.from(`],${fields.slice(1)}`));
  }

  private serialise(): void {
    const each = this.entries.map((entry) => Buffer.from(JSON.stringify(entry), 'utf8'));
    const whole = joinJsonPieces(each);
    let start = 1; // after the opening bracket; each piece is followed by a comma or the closing bracket
    this.pieces = each.map((piece) => {
      const view = whole.subarray(start, start + piece.length);
      start += piece.length + 1;
      return view;
    });
    this.serialised = whole;
  }
}

/**
 * The registry's answers by period and schedule data stamp (issue 16): everything the registry shows
 * lives in tables that bump the stamp, so an answer made after reading stamp S stays right until the
 * stamp moves. A request then costs the stamp query instead of the registry query, the bell-schedule
 * reads and the JSON of hundreds of rows; concurrent requests share one build. The stamp also names
 * the answer's ETag, so an unchanged registry is answered 304 (issue 29).
 */
@Injectable()
export class RegistryCache {
  private readonly answers = new WeakMap<DataSource, Map<string, Promise<RegistryAnswer>>>();
  private readonly lessonChanges = new WeakMap<DataSource, Map<string, Promise<readonly LessonChangeResponse[]>>>();

  constructor(private readonly db: TenantDb) {}

  async stamp(): Promise<number> {
    const [row] = await this.db.rows(STAMP, `SELECT stamp FROM schedule_data_stamp WHERE id = 1`);
    return row.stamp;
  }

  answer(stamp: number, period: string, make: () => Promise<OverrideResponse[]>): Promise<RegistryAnswer> {
    return remembered(this.answers, `${stamp}:${period}`, async () => new RegistryAnswer(await make()));
  }

  /** Every change of a period as the timetables' readers see them (issue 45 §3), kept like the registry's answers. */
  changes(stamp: number, period: string, make: () => Promise<LessonChangeResponse[]>): Promise<readonly LessonChangeResponse[]> {
    return remembered(this.lessonChanges, `${stamp}:${period}`, make);
  }
}

/** The tenant's answer under `key`, made once however many ask at once; the least recently used goes first. */
function remembered<T>(byTenant: WeakMap<DataSource, Map<string, Promise<T>>>, key: string, make: () => Promise<T>): Promise<T> {
  const { dataSource } = currentTenant();
  let cache = byTenant.get(dataSource);
  if (!cache) byTenant.set(dataSource, (cache = new Map<string, Promise<T>>()));
  let answer = cache.get(key);
  if (answer) {
    cache.delete(key);
  } else {
    const made = make();
    const kept = cache;
    made.catch(() => kept.get(key) === made && kept.delete(key));
    answer = made;
  }
  cache.set(key, answer);
  if (cache.size > ANSWERS_PER_TENANT) cache.delete(cache.keys().next().value as string);
  return answer;
}

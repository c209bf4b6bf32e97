import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { int, rowShape } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { currentTenant } from '../../platform/tenancy/tenant-context';
import { OverrideResponse } from './dto/override-response.dto';

const STAMP = rowShape({ stamp: int });

/** Registry answers kept per tenant database (a week of a large university is about half a megabyte). */
const ANSWERS_PER_TENANT = 32;

/** One registry answer: its entries (pages are cut from them) and, made when first asked for, their JSON. */
export class RegistryAnswer {
  private serialised?: Buffer;

  constructor(readonly entries: readonly OverrideResponse[]) {}

  get json(): Buffer {
    return (this.serialised ??= Buffer.from(JSON.stringify(this.entries), 'utf8'));
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

  constructor(private readonly db: TenantDb) {}

  async stamp(): Promise<number> {
    const [row] = await this.db.rows(STAMP, `SELECT stamp FROM schedule_data_stamp WHERE id = 1`);
    return row.stamp;
  }

  answer(stamp: number, period: string, make: () => Promise<OverrideResponse[]>): Promise<RegistryAnswer> {
    const { dataSource } = currentTenant();
    let cache = this.answers.get(dataSource);
    if (!cache) this.answers.set(dataSource, (cache = new Map<string, Promise<RegistryAnswer>>()));
    const key = `${stamp}:${period}`;
    let answer = cache.get(key);
    if (answer) {
      cache.delete(key);
    } else {
      const made = make().then((entries) => new RegistryAnswer(entries));
      made.catch(() => cache.get(key) === made && cache.delete(key));
      answer = made;
    }
    cache.set(key, answer);
    if (cache.size > ANSWERS_PER_TENANT) cache.delete(cache.keys().next().value as string);
    return answer;
  }
}

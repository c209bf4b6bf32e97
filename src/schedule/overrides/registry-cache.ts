import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TenantDb } from '../../platform/database/tenant-db';
import { currentTenant } from '../../platform/tenancy/tenant-context';

/** Registry answers kept per tenant database (a week of a large university is about half a megabyte). */
const ANSWERS_PER_TENANT = 32;

/**
 * The registry's serialised answers by request and schedule data stamp (issue 16): everything the
 * registry shows lives in tables that bump the stamp, so an answer made after reading stamp S stays
 * right until the stamp moves. A request then costs the stamp query instead of the registry query,
 * the bell-schedule reads and the JSON of hundreds of rows; concurrent requests share one build.
 */
@Injectable()
export class RegistryCache {
  private readonly answers = new WeakMap<DataSource, Map<string, Promise<Buffer>>>();

  constructor(private readonly db: TenantDb) {}

  async json(request: string, make: () => Promise<unknown>): Promise<Buffer> {
    const [row] = await this.db.query<{ stamp: number }>(`SELECT stamp FROM schedule_data_stamp WHERE id = 1`);
    const { dataSource } = currentTenant();
    let cache = this.answers.get(dataSource);
    if (!cache) this.answers.set(dataSource, (cache = new Map<string, Promise<Buffer>>()));
    const key = `${row.stamp}:${request}`;
    let answer = cache.get(key);
    if (answer) {
      cache.delete(key);
    } else {
      const made = make().then((value) => Buffer.from(JSON.stringify(value), 'utf8'));
      made.catch(() => cache.get(key) === made && cache.delete(key));
      answer = made;
    }
    cache.set(key, answer);
    if (cache.size > ANSWERS_PER_TENANT) cache.delete(cache.keys().next().value as string);
    return answer;
  }
}

import { Injectable, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { answerConditionally, etagOf, setCacheHeaders } from '../../platform/http/conditional';
import { currentTenant } from '../../platform/tenancy/tenant-context';
import { RenderedLessonsJson } from './dto/rendered-lessons-json';
import { ViewingSnapshotCache } from './snapshot/viewing-snapshot.cache';

/**
 * Conditional answers of the viewing endpoints: the ETag names the tenant, the schedule data stamp and
 * the request (`key`), so a client holding the current answer gets 304 for the price of the stamp
 * check (usually no query at all, see ViewingSnapshotCache.stamp). A fresh answer carries the ETag of
 * the stamp it was actually made from.
 */
@Injectable()
export class ViewingHttpCache {
  constructor(private readonly cache: ViewingSnapshotCache) {}

  async answer(request: Request, response: Response, key: string, produce: () => Promise<RenderedLessonsJson>): Promise<StreamableFile | undefined> {
    const { tenantKey } = currentTenant();
    const stamp = await this.cache.stamp();
    if (answerConditionally(request, response, etagOf('view', tenantKey, stamp, key))) return undefined;
    const json = await this.cache.withReading(stamp, produce);
    setCacheHeaders(response, etagOf('view', tenantKey, json.stamp, key));
    return json.toResponse();
  }
}

import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { answerConditionally, etagOf, sendJsonBytes, sendNotModified, setCacheHeaders } from '../../platform/http/conditional';
import { currentTenant } from '../../platform/tenancy/tenant-context';
import { RenderedLessonsJson } from './dto/rendered-lessons-json';
import { ViewingSnapshotCache } from './snapshot/viewing-snapshot.cache';

/**
 * Conditional answers of the viewing endpoints: the ETag names the tenant, the schedule data stamp and
 * the request (`key`), so a client holding the current answer gets 304 for the price of the stamp
 * check (usually no query at all, see ViewingSnapshotCache.stamp). A fresh answer carries the ETag of
 * the stamp it was actually made from. The answer is written here, bytes as they are (the handlers
 * take `@Res()`); a refusal thrown before that goes to the exception filter as usual.
 */
@Injectable()
export class ViewingHttpCache {
  constructor(private readonly cache: ViewingSnapshotCache) {}

  async answer(request: Request, response: Response, key: string, produce: () => Promise<RenderedLessonsJson>): Promise<void> {
    const { tenantKey } = currentTenant();
    const stamp = await this.cache.stamp();
    const etag = etagOf('view', tenantKey, stamp, key);
    if (answerConditionally(request, response, etag)) return sendNotModified(response);
    const json = await this.cache.withReading(stamp, produce);
    setCacheHeaders(response, json.stamp === stamp ? etag : etagOf('view', tenantKey, json.stamp, key));
    sendJsonBytes(response, json.bytes);
  }
}

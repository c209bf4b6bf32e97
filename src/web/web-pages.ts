import { NestExpressApplication } from '@nestjs/platform-express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ServerResponse } from 'node:http';
import type { Express, Request, Response } from 'express';

/**
 * The timetable pages (`/student/`, `/teacher/`, `/admin/`) are the web client built from `web/src`
 * into `dist/web` by `npm run build` (scripts/build-web.ts): one HTML file per page and content-hashed
 * scripts and styles under `/assets/`. No CDN. Only these prefixes are mounted, so an `/api` request
 * never costs a file lookup. The pages are the same for every tenant: the tenant is chosen by the API
 * calls they make, which go to their own origin (the tenant's host).
 */
export const WEB_SECTIONS = ['student', 'teacher', 'admin', 'assets'] as const;

/**
 * Everything the pages load comes from their own origin; no inline script or style, no frames,
 * no plugins. The API calls are same-origin too (`connect-src 'self'`).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The built client: `dist/web` seen from `src/web` (ts-node, tests) or from `dist/src/web` (the built service). */
export function webRoot(): string | undefined {
  return [resolve(__dirname, '..', '..', 'dist', 'web'), resolve(__dirname, '..', '..', 'web')].find((dir) => existsSync(join(dir, 'assets')));
}

function setPageHeaders(res: ServerResponse, path: string): void {
  // A page revalidates every time (a cheap 304 thanks to the ETag), so it never runs against scripts
  // of an older deployment; the scripts and styles it names carry their content hash, so they keep.
  res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
  // Stricter than the service's own policy (no inline style); the request edge set the other headers.
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
}

export function serveWebPages(app: NestExpressApplication): void {
  const root = webRoot();
  if (!root) return;
  for (const section of WEB_SECTIONS) {
    app.useStaticAssets(join(root, section), {
      prefix: `/${section}`,
      index: section === 'assets' ? false : 'index.html',
      redirect: true,
      etag: true,
      lastModified: false,
      dotfiles: 'ignore',
      fallthrough: true,
      setHeaders: setPageHeaders,
    });
  }
  // The bare address leads to the student page, which sends every other role on to its own page.
  const express: Express = app.getHttpAdapter().getInstance();
  express.get('/', (_req: Request, res: Response) => res.redirect(302, '/student/'));
}

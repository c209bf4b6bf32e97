import type { Request, Response } from 'express';
import helmet from 'helmet';

/**
 * The policy of every answer but the web client's pages (which send their own, stricter one: see
 * src/web/web-pages.ts): what Swagger UI and the service's two small HTML pages (unsubscribe, single
 * sign-on's refusal) load comes from the service's own origin; their inline styles are allowed, no
 * inline script; nobody may frame an answer.
 */
export const SERVICE_CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** A year; no `includeSubDomains`: a university's other hosts under its domain are not the service's to decide. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** Answers of the API and the feeds, unless the handler says otherwise (an ETag's `private, no-cache`, an export's `private, no-store`). */
export const NOT_STORED = 'no-store';

function nothing(): void {}

/**
 * The headers every answer carries (helmet, configured once): `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: no-referrer`, framing refused (`frame-ancestors 'none'` and `X-Frame-Options:
 * DENY`), the content security policy above, and helmet's other defaults (cross-origin opener and
 * resource policies, `Origin-Agent-Cluster`, no DNS prefetch, `X-Permitted-Cross-Domain-Policies:
 * none`, `X-XSS-Protection: 0`). `Strict-Transport-Security` only on an answer to a request that came
 * over HTTPS (directly or, with TRUST_PROXY, as the proxy's `X-Forwarded-Proto` says): helmet would send
 * it on every answer, and a browser ignores it over plain HTTP anyway. The CSP's
 * `upgrade-insecure-requests` is left out, so a service run over plain HTTP (embedded, local) keeps
 * working. Returns what the request edge calls first on each request.
 */
export function securityHeaders(): (req: Request, res: Response) => void {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: SERVICE_CONTENT_SECURITY_POLICY },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    xPoweredBy: false, // the application disables Express's header itself (create-app.ts)
  });
  return (req, res) => {
    headers(req, res, nothing);
    if (req.secure) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  };
}

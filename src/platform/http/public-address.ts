import { AppConfig } from '../../config/app-config';

/**
 * The address users reach a university at, from the configured PUBLIC_URL with `{domain}` filled in
 * (no trailing slash). Links the service hands out are built from it, never from the request's Host
 * header, which a client sets at will.
 */
export function publicOrigin(config: AppConfig, tenantKey: string): string {
  return config.publicUrl.replaceAll('{domain}', tenantKey);
}

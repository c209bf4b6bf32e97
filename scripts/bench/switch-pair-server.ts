// The benchmark's measure of what one part of every request costs (issue 46; features/switch-pairs.ts):
// ONE process serving the same service twice, on PORT as it is and on PORT_OFF with one part switched
// to what it was before (PAIR_SWITCH):
//   passport  the JWT guard of before issue 46: the token verified in the guard itself, without
//             passport (the same verified-token memory and the same claim checks, kept here);
//   helmet    no security headers (createApp's `securityHeaders: false`).
// Both sides share the process's heap, compiled code and luck (see metrics-pair-server.ts for why).
import 'reflect-metadata';
import { ExecutionContext, INestApplication, Logger } from '@nestjs/common';
import { ApplicationConfig, Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { loadConfig } from '../../src/config/app-config';
import { createApp } from '../../src/create-app';
import { AccessTokens, bearerToken } from '../../src/platform/auth/access-tokens';
import { userOfClaims } from '../../src/platform/auth/claims';
import { JwtAuthGuard, routeAccess } from '../../src/platform/auth/guards';
import { UnauthorizedError } from '../../src/platform/http/app-error';
import { AppLogger } from '../../src/platform/logging/app-logger';
import { requestContext } from '../../src/platform/logging/request-context';
import { configuredTenants } from '../../src/platform/tenancy/tenant-definition';

/** Replaces the application's passport guard with the direct verification it had before (issue 29's guard). */
function withDirectJwtGuard(app: INestApplication): void {
  const guard = app
    .get(ApplicationConfig)
    .getGlobalGuards()
    .find((instance) => instance instanceof JwtAuthGuard);
  if (!guard) throw new Error('the JWT guard was not found');
  const reflector = app.get(Reflector);
  const tokens = app.get(AccessTokens, { strict: false });
  guard.canActivate = (context: ExecutionContext): boolean => {
    if (routeAccess(reflector, context).isPublic) return true;
    const token = bearerToken(context.getArgByIndex<Request>(0).headers.authorization);
    const claims = token === undefined ? undefined : tokens.verify(token);
    const ongoing = requestContext.getStore();
    const user = claims && userOfClaims(claims, ongoing?.tenant);
    if (!ongoing || !user) throw new UnauthorizedError('Требуется действительный токен доступа');
    ongoing.user = user;
    return true;
  };
}

async function main(): Promise<void> {
  const logger = AppLogger.forProcess();
  Logger.overrideLogger(logger);
  const which = process.env.PAIR_SWITCH;
  if (which !== 'passport' && which !== 'helmet') throw new Error('PAIR_SWITCH must be passport or helmet');
  const config = loadConfig();
  const tenants = configuredTenants(config);
  const apps: INestApplication[] = [];
  // The side as it was listens first, so both answer once PORT does.
  const off = await createApp(config, tenants, { logger, securityHeaders: which !== 'helmet' });
  if (which === 'passport') withDirectJwtGuard(off);
  apps.push(off);
  await off.listen(Number(process.env.PORT_OFF));
  const on = await createApp(config, tenants, { logger });
  apps.push(on);
  await on.listen(config.port);
  process.once('SIGTERM', () => {
    void (async () => {
      for (const app of apps) await app.close();
      process.exit(0);
    })();
  });
}

main().catch((error: unknown) => {
  const code = (error as { code?: unknown } | undefined)?.code;
  console.error(`switch pair: ${error instanceof Error ? error.constructor.name : 'unknown error'}${typeof code === 'string' ? ` (${code})` : ''}`);
  process.exit(1);
});

import { DynamicModule, Module, ModuleMetadata } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtAuthGuard, RolesGuard } from './guards';
import { JwtStrategy } from './jwt.strategy';
import { CredentialsModule } from './credentials.module';
import { ThrottleStore } from './throttle-store';

@Module({
  imports: [
    PassportModule,
    CredentialsModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        // A KeyObject spares jsonwebtoken its failed PEM parse of a string secret on every signature.
        secret: createSecretKey(Buffer.from(config.jwt.secret as string)) as unknown as string,
        signOptions: { algorithm: 'HS256', expiresIn: config.jwt.accessTtlSeconds },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [
    AuthService,
    ThrottleStore,
    JwtStrategy,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
})
export class AuthModule {
  /** Authentication with its account port bound by `accounts` (a module that exports `AccountDirectory`). */
  static withAccounts(accounts: NonNullable<ModuleMetadata['imports']>[number]): DynamicModule {
    return { module: AuthModule, imports: [accounts] };
  }
}

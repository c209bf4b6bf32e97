import { Module } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { CredentialsModule } from './credentials.module';
import { RefreshCookie, Sessions } from './sessions';

/** Starting sessions and the refresh cookie, shared by password login and the other ways in (single sign-on). */
@Module({
  imports: [
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
  providers: [Sessions, RefreshCookie],
  exports: [Sessions, RefreshCookie],
})
export class SessionsModule {}

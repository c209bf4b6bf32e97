import { Module } from '@nestjs/common';
import { CredentialsModule } from '../platform/auth/credentials.module';
import { PasswordLoginPolicy } from '../platform/auth/password-login-policy';
import { SessionsModule } from '../platform/auth/sessions.module';
import { UsersModule } from '../users';
import { SsoPasswordPolicy } from './password-policy';
import { OidcProvider } from './provider';
import { SsoAddresses } from './sso-addresses';
import { SsoController, SsoAdminController } from './sso.controller';
import { SsoLoginService } from './sso-login.service';
import { SsoRepository } from './sso.repository';
import { SsoSettingsService } from './sso-settings.service';

/**
 * Single sign-on per university through its OpenID Connect provider (issue 27). Sessions start through
 * the platform's `Sessions`, exactly as after a password login; binds `PasswordLoginPolicy`.
 */
@Module({
  imports: [UsersModule, CredentialsModule, SessionsModule],
  controllers: [SsoController, SsoAdminController],
  providers: [
    SsoAddresses,
    OidcProvider,
    SsoRepository,
    SsoSettingsService,
    SsoLoginService,
    SsoPasswordPolicy,
    { provide: PasswordLoginPolicy, useExisting: SsoPasswordPolicy },
  ],
  exports: [PasswordLoginPolicy],
})
export class SingleSignOnModule {}

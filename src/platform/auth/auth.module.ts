import { DynamicModule, Module, ModuleMetadata } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtAuthGuard, RolesGuard } from './guards';
import { ACCESS_TOKENS_PROVIDER } from './access-tokens';
import { JwtStrategy } from './jwt.strategy';
import { CredentialsModule } from './credentials.module';
import { SessionsModule } from './sessions.module';
import { ThrottleStore } from './throttle-store';
import { AddressThrottle } from './address-throttle';

type ModuleImport = NonNullable<ModuleMetadata['imports']>[number];

@Module({
  imports: [
    CredentialsModule,
    SessionsModule,
  ],
  controllers: [AuthController],
  providers: [
    AuthService,
    ThrottleStore,
    AddressThrottle,
    ACCESS_TOKENS_PROVIDER,
    JwtStrategy,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
})
export class AuthModule {
  /**
   * Authentication with its ports bound: `accounts` exports `AccountDirectory` and `Passwords`; `others` may export
   * `PasswordLoginPolicy` (single sign-on closes password login per tenant).
   */
  static withAccounts(accounts: ModuleImport, ...others: ModuleImport[]): DynamicModule {
    return { module: AuthModule, imports: [accounts, ...others] };
  }
}

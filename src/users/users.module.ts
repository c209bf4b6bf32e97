import { Module } from '@nestjs/common';
import { CredentialsModule } from '../platform/auth/credentials.module';
import { BootstrapAdmin } from './bootstrap-admin';
import { UserAccounts } from './user-accounts';

@Module({
  imports: [CredentialsModule],
  providers: [UserAccounts, BootstrapAdmin],
  exports: [UserAccounts, BootstrapAdmin],
})
export class UsersModule {}

import { Module } from '@nestjs/common';
import { PasswordModule } from '../platform/auth/password.module';
import { BootstrapAdmin } from './bootstrap-admin';
import { UserAccounts } from './user-accounts';

@Module({
  imports: [PasswordModule],
  providers: [UserAccounts, BootstrapAdmin],
  exports: [UserAccounts, BootstrapAdmin],
})
export class UsersModule {}

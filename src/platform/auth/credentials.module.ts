import { Module } from '@nestjs/common';
import { PasswordHasher } from './password-hasher';
import { Passwords } from './passwords';
import { RefreshTokens } from './refresh-tokens';

/** Password hashing and setting, and refresh-token storage, shared by authentication and user administration. */
@Module({ providers: [PasswordHasher, RefreshTokens, Passwords], exports: [PasswordHasher, RefreshTokens, Passwords] })
export class CredentialsModule {}

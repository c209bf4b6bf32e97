import { Module } from '@nestjs/common';
import { PasswordHasher } from './password-hasher';
import { RefreshTokens } from './refresh-tokens';

/** Password hashing and refresh-token storage, shared by authentication and user administration. */
@Module({ providers: [PasswordHasher, RefreshTokens], exports: [PasswordHasher, RefreshTokens] })
export class CredentialsModule {}

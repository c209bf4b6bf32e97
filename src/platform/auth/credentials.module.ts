import { Module } from '@nestjs/common';
import { PasswordHasher } from './password-hasher';
import { RefreshTokens } from './refresh-tokens';

/**
 * Password hashing and refresh-token storage, shared by authentication and user administration.
 * `Passwords` stores hashes through the `AccountDirectory` port, so the module that binds the port
 * (users) provides it too, and authentication gets it from there.
 */
@Module({ providers: [PasswordHasher, RefreshTokens], exports: [PasswordHasher, RefreshTokens] })
export class CredentialsModule {}

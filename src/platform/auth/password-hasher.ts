import { Inject, Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import * as argon2 from 'argon2';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig, OWASP_HASH_MEMORY_KIB } from '../../config/app-config';

/**
 * argon2id, by default in the OWASP minimum profile (19 MiB, 2 passes): about 45 ms a check on this
 * machine. A hash carries its own parameters, so hashes made with another memory setting still verify.
 */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private readonly options: argon2.HashOptions & { raw?: false };
  /** A hash of a random password: unknown users are checked against it, so they cost the same time. */
  private dummyHash = '';

  /** Without the service's configuration (seeding scripts, tests' fixtures): the OWASP profile. */
  constructor(@Optional() @Inject(APP_CONFIG) config?: AppConfig) {
    const memoryCost = config?.passwordHashMemoryKib ?? OWASP_HASH_MEMORY_KIB;
    this.options = { type: argon2.argon2id, memoryCost, timeCost: 2, parallelism: 1 };
    if (memoryCost < OWASP_HASH_MEMORY_KIB) {
      new Logger('Passwords').warn(`PASSWORD_HASH_MEMORY_KIB=${memoryCost} is below the OWASP minimum of ${OWASP_HASH_MEMORY_KIB}: for test runs only`);
    }
  }

  async onModuleInit(): Promise<void> {
    this.dummyHash = await argon2.hash(`dummy-${Math.random()}-${Date.now()}`, this.options);
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, this.options);
  }

  /** Verifies against `hash`, or against the dummy hash when there is none (and then answers false). */
  async verify(hash: string | undefined, password: string): Promise<boolean> {
    try {
      const ok = await argon2.verify(hash ?? this.dummyHash, password);
      return ok && hash !== undefined;
    } catch {
      return false;
    }
  }
}

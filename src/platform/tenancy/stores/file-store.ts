import { createHash, randomBytes } from 'node:crypto';
import { open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseTenantsDocument } from '../tenant-definition';
import { DocumentBackend, StoredDocument, TenantStoreError, WriteOutcome } from './tenant-store';

const LOCK_WAIT_MS = 5000;
/** A lock file older than this was left by a writer that died; writes take milliseconds. */
const STALE_LOCK_MS = 15000;

export function checksum(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * TENANTS_FILE on a disk several instances share (one host, a shared volume): the write happens under
 * a lock file, only when the file still has the checksum it was read with, through a temporary file
 * renamed over the old one, so a reader never sees half a file.
 */
export class FileDocumentBackend implements DocumentBackend<string> {
  constructor(private readonly file: string) {}

  async read(): Promise<StoredDocument<string>> {
    const text = await readFile(this.file, 'utf8');
    const document = parseTenantsDocument(text);
    return { version: document.version ?? 0, tenants: document.tenants, token: checksum(text) };
  }

  async write(text: string, expected: StoredDocument<string>): Promise<WriteOutcome> {
    const lock = `${this.file}.lock`;
    await this.acquire(lock);
    try {
      if (checksum(await readFile(this.file, 'utf8')) !== expected.token) return 'conflict';
      const temporary = `${this.file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      const handle = await open(temporary, 'w', 0o600);
      try {
        await handle.writeFile(text, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, this.file);
      return 'written';
    } finally {
      await unlink(lock).catch(() => undefined);
    }
  }

  private async acquire(lock: string): Promise<void> {
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        await writeFile(lock, String(process.pid), { flag: 'wx' });
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== 'EEXIST') throw new TenantStoreError('tenants lock file cannot be created');
      }
      const age = await stat(lock).then((info) => Date.now() - info.mtimeMs, () => 0);
      if (age > STALE_LOCK_MS) await unlink(lock).catch(() => undefined);
      if (Date.now() > deadline) throw new TenantStoreError('tenants lock file is held too long');
      await sleep(15);
    }
  }
}

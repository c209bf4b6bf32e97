import { accessSync, constants, mkdirSync } from 'node:fs';

/** A start-up failure of the embedded PostgreSQL, with a message naming the cause and what to do. */
export class EmbeddedStartError extends Error {}

interface Setting {
  dataDir: string;
  port: number;
}

const ELSEWHERE = 'or configure tenants with TENANTS_FILE or DATABASE_URL';

function unwritable(dataDir: string, cause: string): EmbeddedStartError {
  return new EmbeddedStartError(
    `The embedded PostgreSQL cannot use its data directory ${dataDir} (${cause}): ` +
      `make it writable for this service, set EMBEDDED_PG_DATA_DIR to a writable directory, ${ELSEWHERE}`,
  );
}

/** Creates the data directory if needed and checks that it can be written, before anything else. */
export function checkDataDirectory(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw unwritable(dataDir, code === 'ENOTDIR' ? 'a part of the path is a file' : code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? 'permission denied' : (code ?? 'not usable'));
  }
}

/** The first line of PostgreSQL's output that says what went wrong, without its log prefix. */
function firstProblem(log: string): string | undefined {
  const line = log.split('\n').find((text) => /FATAL|PANIC|error:/i.test(text));
  return line?.replace(/^.*?(FATAL|PANIC|error):\s*/i, '').trim().slice(0, 300);
}

/** Why `initdb` or `postgres` failed, from what they wrote, as a message naming the cause. */
export function explainFailure(stage: 'initialise' | 'start', log: string, setting: Setting): EmbeddedStartError {
  const otherServer = /lock file "postmaster\.pid" already exists[\s\S]*?PID (\d+)/.exec(log);
  if (otherServer || /lock file "postmaster\.pid" already exists/.test(log)) {
    const pid = otherServer ? ` (PID ${otherServer[1]})` : '';
    return new EmbeddedStartError(
      `The embedded PostgreSQL data directory ${setting.dataDir} is already used by another running PostgreSQL${pid}, ` +
        `probably another instance of this service: stop it, or give this instance its own EMBEDDED_PG_DATA_DIR and EMBEDDED_PG_PORT`,
    );
  }
  if (/Address already in use|could not bind|could not create any TCP\/IP sockets/i.test(log)) {
    return new EmbeddedStartError(
      `EMBEDDED_PG_PORT ${setting.port} is already in use on 127.0.0.1 (another program, or a PostgreSQL left running): ` +
        `stop it or set EMBEDDED_PG_PORT to a free port`,
    );
  }
  if (/Permission denied|wrong ownership|invalid permissions|Read-only file system/i.test(log)) {
    return unwritable(setting.dataDir, 'permission denied');
  }
  const problem = firstProblem(log);
  const what = stage === 'initialise' ? 'could not create its cluster' : 'did not start';
  return new EmbeddedStartError(`The embedded PostgreSQL ${what}${problem ? `: ${problem}` : ''} (data directory ${setting.dataDir}, port ${setting.port})`);
}

import { Client } from 'pg';

const READ_TIMEOUT = 'Query read timeout';

/**
 * A pg client that drops its connection when a query hits the client-side read timeout
 * (`query_timeout`). pg itself only fails that one query and keeps the connection, so the next
 * statement on it (TypeORM's ROLLBACK after the failure) would wait for a frozen server all over
 * again, and the pool would take the connection back. Destroyed, every later statement on it fails
 * at once and the pool discards it. Used through the pool's `Client` option.
 */
export class DeadlineClient extends Client {
  constructor(...args: ConstructorParameters<typeof Client>) {
    super(...args);
    const query = this.query.bind(this) as (...queryArgs: unknown[]) => unknown;
    Object.assign(this, {
      query: (...queryArgs: unknown[]) => {
        const result = query(...queryArgs);
        if (result instanceof Promise) result.catch((error: unknown) => this.dropOnReadTimeout(error));
        return result;
      },
    });
  }

  private dropOnReadTimeout(error: unknown): void {
    if (error instanceof Error && error.message === READ_TIMEOUT) {
      (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    }
  }
}

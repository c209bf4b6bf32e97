import { AddressInfo, createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that was free a moment ago, for the servers the tests, the benchmark and the
 * scratch PostgreSQL start themselves. The one copy: `test/support/free-port.ts` re-exports it.
 */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
    probe.on('error', fail);
  });
}

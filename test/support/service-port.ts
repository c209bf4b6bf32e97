/**
 * The port a service process reports in its «Listening on port N» line, once it has. Tests start the
 * service with PORT=0 and read the port here: a port found free beforehand may be taken by another
 * test's server before the service binds it (EADDRINUSE in CI).
 */
export function listeningPort(output: string): number | undefined {
  const match = /Listening on port (\d+)/.exec(output);
  return match ? Number(match[1]) : undefined;
}

export default async function globalTeardown(): Promise<void> {
  await globalThis.__SHARED_BROWSER__?.close();
  await globalThis.__EMBEDDED_PG__?.stop();
}

/** One implementation for tests and scripts (the benchmark's service and scratch PostgreSQL use it too). */
export { freePort } from '../../scripts/free-port';

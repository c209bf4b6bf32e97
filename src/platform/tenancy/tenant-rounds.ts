import { runInTenant } from './tenant-context';
import { TenantRegistry } from './tenant-registry';

/**
 * What a round does for one tenant, inside that tenant's scope (its database and time zone). Work that
 * outlives the visit (a solver job) passes its end to `holdUntil`, so the pool stays leased until then.
 */
export type TenantVisit = (domain: string, holdUntil: (done: Promise<unknown>) => void) => Promise<void>;

/**
 * The background loop every instance runs for work stored in the tenants' databases (notification
 * delivery, solver jobs): a round each interval, never overlapping the next, that visits every live
 * and reachable tenant with its pool leased. A tenant whose database is down is skipped (its health
 * check reports the outage); a failed visit is reported and retried by the next round.
 */
export class TenantRounds {
  private timer?: NodeJS.Timeout;
  private round?: Promise<void>;
  private halted = false;

  constructor(
    private readonly tenants: TenantRegistry,
    private readonly visit: TenantVisit,
    private readonly visitFailed: (domain: string, error: unknown) => void,
  ) {}

  /** Rounds every `intervalMs`; the timer does not keep the process alive. */
  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.runRound(), intervalMs);
    this.timer.unref();
  }

  /** No new rounds; a round in progress finishes (its claims commit) before the caller closes the pools. */
  async stop(): Promise<void> {
    this.halted = true;
    clearInterval(this.timer);
    await this.round;
  }

  get stopped(): boolean {
    return this.halted;
  }

  /** One round over every tenant (also called by tests that do not want to wait for the timer). */
  runRound(): Promise<void> {
    if (this.round) return this.round;
    this.round = this.visitAll().finally(() => (this.round = undefined));
    return this.round;
  }

  private async visitAll(): Promise<void> {
    for (const state of this.tenants.states()) {
      if (this.halted) return;
      const domain = state.definition.domain;
      const pool = state.live && !state.unreachable ? this.tenants.lease(domain) : undefined;
      if (!pool) continue;
      let held: Promise<unknown> | undefined;
      try {
        // Bound with the university's time zone, as a request of that university is (issue 46).
        const scope = { tenantKey: domain, dataSource: pool.dataSource, databaseId: pool.databaseId, timeZone: this.tenants.timeZoneOf(domain) };
        const holdUntil = (done: Promise<unknown>): void => {
          held = done;
        };
        await runInTenant(scope, () => this.visit(domain, holdUntil));
      } catch (error) {
        this.visitFailed(domain, error);
      } finally {
        const release = (): void => pool.release();
        if (held) void held.then(release, release);
        else release();
      }
    }
  }
}

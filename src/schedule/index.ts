/**
 * The schedule features assembled (rules, overrides, versions, viewing, quality). Other areas reach the
 * schedule through the core (`./core`, its index) and the pure engine, never through a feature.
 */
export { ScheduleModule } from './schedule.module';

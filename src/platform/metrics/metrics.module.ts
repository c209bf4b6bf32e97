import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics';

/** The process's metrics, injectable everywhere (a feature records what only it knows, e.g. a login block). */
@Global()
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}

import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { OutboundAddresses } from '../../platform/net/outbound-addresses';

export { InternalAddressError, UnresolvedHostError } from '../../platform/net/outbound-addresses';
export type { ResolvedAddress } from '../../platform/net/outbound-addresses';

/**
 * Keeps webhooks off internal addresses (issue 46) with the platform's outbound address policy,
 * shared with single sign-on: checked when a webhook is registered, and again at every delivery on
 * the address then connected to. Hosts the operator named in `WEBHOOK_ALLOW_HTTP_HOSTS` are the
 * university's own receivers and are exempt.
 */
@Injectable()
export class WebhookAddresses extends OutboundAddresses {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super(config.notifications.webhookAllowHttpHosts);
  }
}

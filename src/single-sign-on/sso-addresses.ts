import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/app-config';
import { OutboundAddresses } from '../platform/net/outbound-addresses';

/**
 * Keeps single sign-on off internal addresses with the platform's outbound policy, the webhooks' one:
 * the issuer and every endpoint its discovery names, when the settings are saved and at every call.
 * Hosts the operator listed in `SSO_ALLOW_PRIVATE_HOSTS` are providers on the university's own network.
 */
@Injectable()
export class SsoAddresses extends OutboundAddresses {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super(config.sso.allowPrivateHosts);
  }
}

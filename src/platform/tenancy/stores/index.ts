import { AppConfig } from '../../../config/app-config';
import { FileDocumentBackend } from './file-store';
import { KubernetesSecretBackend } from './kubernetes-store';
import { ConditionalTenantStore, MemoryTenantStore, TenantStore } from './tenant-store';

export * from './tenant-store';
export { checksum } from './file-store';

/** The store TENANTS_STORE names (loadConfig already checked that its settings are present). */
export function createTenantStore(config: AppConfig): TenantStore {
  const { store, kubernetes } = config.tenantAdmin;
  switch (store) {
    case 'none':
      return new MemoryTenantStore();
    case 'file':
      return new ConditionalTenantStore(new FileDocumentBackend(config.tenantsFile as string));
    case 'kubernetes':
      return new ConditionalTenantStore(
        new KubernetesSecretBackend({ secretName: kubernetes.secretName as string, namespace: kubernetes.namespace, secretKey: kubernetes.secretKey }),
      );
  }
}

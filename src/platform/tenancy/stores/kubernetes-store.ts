import { readFileSync } from 'node:fs';
import type { CoreV1Api, V1Secret } from '@kubernetes/client-node';
import { parseTenantsDocument } from '../tenant-definition';
import { DocumentBackend, StoredDocument, TenantStoreError, WriteOutcome } from './tenant-store';

export interface SecretSettings {
  secretName: string;
  namespace?: string;
  secretKey: string;
}

const NAMESPACE_FILE = '/var/run/secrets/kubernetes.io/serviceaccount/namespace';
const REQUEST_TIMEOUT_MS = 10000;

type KubernetesClient = typeof import('@kubernetes/client-node');

/**
 * The official client is an ES module; this build is CommonJS, and Node (>= 20.19) loads it with
 * `require`. Loaded only when this store is chosen.
 */
function loadClient(): KubernetesClient {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('@kubernetes/client-node') as KubernetesClient;
}

/**
 * The tenants document kept in a Secret that every pod mounts as TENANTS_FILE. Writes replace the
 * Secret guarded by the `resourceVersion` it was read with (the API server answers 409 when someone
 * wrote in between). The credentials come from the pod's ServiceAccount (or KUBECONFIG outside a pod).
 */
export class KubernetesSecretBackend implements DocumentBackend<V1Secret> {
  private api?: CoreV1Api;
  private readonly namespace: string;

  constructor(private readonly settings: SecretSettings) {
    this.namespace = settings.namespace ?? readNamespace();
  }

  async read(): Promise<StoredDocument<V1Secret>> {
    const secret = await withTimeout(this.client().readNamespacedSecret({ name: this.settings.secretName, namespace: this.namespace }));
    const encoded = secret.data?.[this.settings.secretKey];
    const document = parseTenantsDocument(encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '[]');
    return { version: document.version ?? 0, tenants: document.tenants, token: secret };
  }

  async write(text: string, expected: StoredDocument<V1Secret>): Promise<WriteOutcome> {
    const secret = expected.token;
    const body: V1Secret = {
      ...secret,
      metadata: { ...secret.metadata, resourceVersion: secret.metadata?.resourceVersion },
      data: { ...secret.data, [this.settings.secretKey]: Buffer.from(text, 'utf8').toString('base64') },
    };
    try {
      await withTimeout(this.client().replaceNamespacedSecret({ name: this.settings.secretName, namespace: this.namespace, body }));
      return 'written';
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 409) return 'conflict';
      // 4xx other than a timeout or throttling: the request itself is refused (RBAC, a missing Secret).
      if (typeof code === 'number' && code >= 400 && code < 500 && code !== 408 && code !== 429) {
        throw new TenantStoreError(`the Kubernetes API refused the Secret write (${code})`);
      }
      return 'uncertain';
    }
  }

  private client(): CoreV1Api {
    if (!this.api) {
      const k8s = loadClient();
      const config = new k8s.KubeConfig();
      config.loadFromDefault();
      this.api = config.makeApiClient(k8s.CoreV1Api);
    }
    return this.api;
  }
}

function readNamespace(): string {
  try {
    return readFileSync(NAMESPACE_FILE, 'utf8').trim() || 'default';
  } catch {
    return 'default';
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Kubernetes API request timed out')), REQUEST_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Multitenancy, read-only: the product uses only the `public` tenant, whose configuration the SDK
 * reads when it resolves third-party providers or answers /loginmethods. Providers come from the
 * SDK's own config (an empty list here), and leaving `firstFactors` out lets the SDK use every
 * recipe it initialised.
 */
import { PUBLIC_TENANT } from './config';

const publicTenant = { tenantId: PUBLIC_TENANT, thirdParty: { providers: [] }, coreConfig: {} };

export function getTenant(tenantId: string) {
  return tenantId === PUBLIC_TENANT ? { status: 'OK' as const, ...publicTenant } : { status: 'TENANT_NOT_FOUND_ERROR' as const };
}

export function listTenants() {
  return { status: 'OK' as const, tenants: [publicTenant] };
}

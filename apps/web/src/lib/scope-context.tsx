import { createContext, useContext, type ReactNode } from 'react';
import type { Merchant, Tenant } from '@zc/shared/api/organisation';
import { satisfies, type Requirement } from './access';

/** What the shell resolved for the current page: organisation, tenant and the caller's permissions. */
export interface Scope {
  level: 'organisation' | 'tenant';
  merchants: Merchant[];
  merchant: Merchant | null;
  tenant: Tenant | null;
  /** Permissions from the server for the current level (never computed on the web). */
  permissions: ReadonlySet<string>;
  permissionsLoaded: boolean;
  isEU: boolean;
}

export const ScopeContext = createContext<Scope | null>(null);

/** The scope of the current page; only valid inside the authenticated shell. */
export function useScope(): Scope {
  const scope = useContext(ScopeContext);
  if (!scope) throw new Error('useScope used outside the authenticated shell');
  return scope;
}

/** Reads the server-sent permission list of the current level. */
export function usePermissions() {
  const scope = useContext(ScopeContext);
  const held = scope?.permissions ?? new Set<string>();
  return {
    permissions: held,
    isLoaded: scope?.permissionsLoaded ?? false,
    can: (requirement: Requirement) => satisfies(held, requirement),
  };
}

/** Renders children only when the caller holds the permission (any of a list). */
export function Can({ permission, children, fallback = null }: { permission: Requirement; children: ReactNode; fallback?: ReactNode }) {
  const { can } = usePermissions();
  return <>{can(permission) ? children : fallback}</>;
}

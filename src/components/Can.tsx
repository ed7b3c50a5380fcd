import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Scope } from '../lib/rules/scopes';
import { $permissions, can } from '../stores/permissions';

export interface CanProps {
  /** Every scope listed is needed. */
  scope: Scope | readonly Scope[];
  /** Hide from customer-type users as well. */
  notForCustomers?: boolean;
  children: ReactNode;
  fallback?: ReactNode;
}

/** Renders its children only for viewers the permissions allow. */
export function Can({ scope, notForCustomers, children, fallback = null }: CanProps) {
  const permissions = useStore($permissions);
  const allowed = can(scope, permissions) && !(notForCustomers && permissions.isCustomer);
  return <>{allowed ? children : fallback}</>;
}

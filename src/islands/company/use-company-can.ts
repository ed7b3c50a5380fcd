import { useStore } from '@nanostores/react';
import type { Scope } from '../../lib/rules/scopes';
import { $companyPage } from '../../stores/company-page';

/**
 * Whether the viewer holds scopes in the company the page shows (which may be another of their
 * companies than the one the panel acts for, so the session's permissions do not answer it).
 */
export function useCompanyCan(): (needed: readonly Scope[]) => boolean {
  const { company } = useStore($companyPage);
  const held = new Set(company?.permissions ?? []);
  return (needed) => needed.every((s) => held.has(s));
}

import type { ReactNode } from 'react';
import { usePermissions } from './usePermissions';

interface PermissionGuardProps {
  /** Every code must be approved; an empty or missing list means allowed. */
  codes?: readonly string[];
  children: ReactNode;
  /** Shown instead when not allowed (nothing by default). */
  fallback?: ReactNode;
}

/** Shows its content only when the signed-in user holds all the codes (spec 01 §6). */
export function PermissionGuard({ codes = [], children, fallback = null }: PermissionGuardProps) {
  const { allowed, loading } = usePermissions(codes);
  if (loading) return null;
  return <>{allowed ? children : fallback}</>;
}

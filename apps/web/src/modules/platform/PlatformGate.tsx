import type { ReactNode } from 'react';
import { EmptyState } from '../../shared/EmptyState/EmptyState';
import { useShell } from '../../shell/ShellContext';

/**
 * The platform pages are for platform administrators only (users.platform_admin; the server answers
 * everyone else 403 anyway): a direct address shows the "no permission" page to the others.
 */
export function PlatformGate({ children }: { children: ReactNode }) {
  const { self } = useShell();
  if (!self.platformAdmin) return <EmptyState variant="noPermission" />;
  return <>{children}</>;
}

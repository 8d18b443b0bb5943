import { useQuery } from '@tanstack/react-query';
import type { Device } from '@tilth/contracts/device.types';
import { useShell } from '../../../shell/ShellContext';
import { useDeviceStream } from '../live/useDeviceStream';
import { machineryApi, machineryKeys } from './machinery.api';

const NONE: readonly Device[] = [];

/** Every farm machine of the tenant, kept live by the device stream. */
export const useMachines = () => {
  const { tenantId } = useShell();
  const live = useDeviceStream(tenantId);
  const q = useQuery({
    queryKey: machineryKeys.all(tenantId),
    queryFn: () => machineryApi.all(tenantId),
  });
  return {
    machines: q.data?.content ?? NONE,
    loading: q.isPending,
    error: q.isError,
    live,
    refetch: q.refetch,
  };
};

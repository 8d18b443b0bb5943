import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useShell } from '../../../shell/ShellContext';
import { deviceKeys } from '../device/api/device.api';
import { useDeviceStream } from '../live/useDeviceStream';
import { machineryApi } from './machinery.api';
import { MACHINE_TYPE } from './machineryFormat';

/** The machine of the route's :id (live); notFound for a bad id, another type or another tenant's. */
export const useMachine = () => {
  const { tenantId } = useShell();
  const { id: idText } = useParams();
  const id = Number(idText);
  const valid = Number.isInteger(id) && id > 0;
  const live = useDeviceStream(tenantId);
  const q = useQuery({
    queryKey: deviceKeys.details(tenantId, valid ? id : 0),
    queryFn: () => machineryApi.details(tenantId, id),
    enabled: valid,
    retry: false,
  });
  const machine = q.data?.deviceType === MACHINE_TYPE ? q.data : undefined;
  return {
    id,
    machine,
    live,
    loading: valid && q.isPending,
    notFound: !valid || q.isError || (q.data && !machine),
  };
};

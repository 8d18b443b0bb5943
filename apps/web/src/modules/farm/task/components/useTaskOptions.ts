import { useQuery } from '@tanstack/react-query';
import { taskApi, taskKeys } from '../api/task.api';

const opts = { staleTime: 60_000 };

/** Option lists of the task forms and filters; each list loads only when a screen asks for it. */
export const useTaskOptions = (
  tenantId: number,
  need: { places?: boolean; workers?: boolean; types?: boolean; inputs?: boolean },
) => {
  const areas = useQuery({
    queryKey: taskKeys.options(tenantId, 'areas'),
    queryFn: () => taskApi.areas(tenantId),
    enabled: Boolean(need.places),
    ...opts,
  });
  const lands = useQuery({
    queryKey: taskKeys.options(tenantId, 'lands'),
    queryFn: () => taskApi.lands(tenantId),
    enabled: Boolean(need.places),
    ...opts,
  });
  const batches = useQuery({
    queryKey: taskKeys.options(tenantId, 'batches'),
    queryFn: () => taskApi.batches(tenantId),
    enabled: Boolean(need.places),
    ...opts,
  });
  const workers = useQuery({
    queryKey: taskKeys.options(tenantId, 'workers'),
    queryFn: () => taskApi.workers(tenantId),
    enabled: Boolean(need.workers),
    ...opts,
  });
  const types = useQuery({
    queryKey: taskKeys.options(tenantId, 'types'),
    queryFn: () => taskApi.taskTypes(tenantId),
    enabled: Boolean(need.types),
    ...opts,
  });
  const inputs = useQuery({
    queryKey: taskKeys.options(tenantId, 'inputs'),
    queryFn: () => taskApi.inputs(tenantId),
    enabled: Boolean(need.inputs),
    ...opts,
  });
  return {
    areas: areas.data ?? [],
    lands: lands.data ?? [],
    batches: batches.data ?? [],
    workers: workers.data ?? [],
    types: types.data ?? [],
    inputs: inputs.data ?? [],
  };
};

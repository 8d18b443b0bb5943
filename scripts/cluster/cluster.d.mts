// Types of cluster.mjs for TypeScript callers (benches, tests).
import type { ChildProcess } from 'node:child_process';

export type PartName = string;

export interface ClusterPorts {
  http: number;
  pgPrimary: number;
  pgReplica: number;
  bouncer: number;
  mqtt: number;
  s3: number;
  etcd: number;
  etcdPeer: number;
  stats: number;
  pg: { pg1: number; pg2: number };
  rest: { pg1: number; pg2: number };
  server(i: number): number;
}

export interface Cluster {
  dir: string;
  ports: ClusterPorts;
  httpUrl: string;
  mqttUrl: string;
  mqttAdmin: { username: string; password: string };
  pg: { primaryUrl: string; replicaUrl: string; bouncerUrl: string; superUrl: string; nodes: ['pg1', 'pg2'] };
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  procs: Map<PartName, ChildProcess>;
  kill(name: PartName, signal?: NodeJS.Signals): void;
  start(name: PartName): ChildProcess;
  primaryNode(timeoutMs?: number): Promise<'pg1' | 'pg2'>;
  waitHealthy(name: PartName, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export const DEFAULT_DIR: string;
export const DEFAULT_BASE_PORT: number;
export function clusterPorts(base?: number): ClusterPorts;
export function startCluster(opts?: {
  dir?: string;
  servers?: number;
  basePort?: number;
  log?: (msg: string) => void;
}): Promise<Cluster>;
export function stopFromPids(dir: string, log?: (msg: string) => void): Promise<void>;

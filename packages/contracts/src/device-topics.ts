/**
 * The MQTT topic scheme of ARCHITECTURE §6, shared by the server's ingest, the simulator and
 * docs/device-protocol.md: `tilth/{tenantId}/{deviceType}/{eui}/{up|status|down|ack}`.
 */
export type DeviceTopicKind = 'up' | 'status' | 'down' | 'ack';

export const deviceTopic = (
  tenantId: number,
  deviceType: string,
  eui: string,
  kind: DeviceTopicKind,
): string => `tilth/${tenantId}/${deviceType}/${eui}/${kind}`;

export interface ParsedDeviceTopic {
  tenantId: number;
  deviceType: string;
  eui: string;
  kind: DeviceTopicKind;
}

const KINDS: readonly string[] = ['up', 'status', 'down', 'ack'];

export const parseDeviceTopic = (topic: string): ParsedDeviceTopic | undefined => {
  const parts = topic.split('/');
  if (parts.length !== 5 || parts[0] !== 'tilth') return undefined;
  const [, t, deviceType, eui, kind] = parts as [string, string, string, string, string];
  if (!/^\d{1,10}$/.test(t) || !deviceType || !eui || !KINDS.includes(kind)) return undefined;
  return { tenantId: Number(t), deviceType, eui, kind: kind as DeviceTopicKind };
};

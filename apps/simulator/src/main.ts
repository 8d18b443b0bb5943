import { deviceTopic } from '@tilth/contracts/device-topics';

// The simulator speaks MQTT exactly like field devices do (ARCHITECTURE §6). Its device models arrive with
// the IoT device platform; until then it prints the topics a device of the demo tenant would use.
const tenantId = Number(process.env.TILTH_TENANT ?? 1001);
for (const kind of ['up', 'status', 'down', 'ack'] as const) {
  console.log(`${kind.padEnd(6)} ${deviceTopic(tenantId, 'gateway', 'SIM-GW-0001', kind)}`);
}

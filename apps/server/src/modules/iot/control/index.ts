// The public surface of control: what other domains may use (ADR 0009).
// Tables for read joins: channels (switches and pumps) and the command log are control's.
export { deviceChannels, deviceCommands } from './control.tables.js';
export { ControlErrors } from './control.errors.js';
// Channel storage, for the aerator's pumps (a family screen over control's channels) and device deletion.
export type { ChannelKind, SeedChannel } from './channel.repository.js';
export {
  countChannels,
  deleteChannel,
  deleteChannelsOfDevices,
  insertChannel,
  insertSeedChannels,
  listChannels,
  listPumpPorts,
  setPumpFlags,
  updateChannel,
} from './channel.repository.js';
export {
  OPEN_STATES,
  findChannel,
  findChannelByCircuit,
  listControlLog,
  pendingByChannel,
} from './control.repository.js';
export type { ChannelRow, ControlDevice } from './control.repository.js';
export { ControlService, parseLogTime, toLogItem } from './control.api.js';
export { issueCommand } from './control.service.js';
export { CommandInvalid, validateCommand } from './control.validate.js';
export { SWITCH_ACCESS, SwitchService } from './switch.service.js';

// The public surface of control: what other domains may use (ADR 0009).
export { deviceCommands } from './control.tables.js';
export { ControlErrors } from './control.errors.js';
export {
  countChannels,
  deleteChannel,
  insertChannel,
  listChannels,
  updateChannel,
} from './channel.repository.js';
export {
  OPEN_STATES,
  findChannel,
  findChannelByCircuit,
  findControlDevice,
  listControlLog,
  pendingByChannel,
} from './control.repository.js';
export type { ChannelRow, ControlDevice } from './control.repository.js';
export { ControlService, parseLogTime, toLogItem } from './control.api.js';
export { issueCommand } from './control.service.js';
export { CommandInvalid, validateCommand } from './control.validate.js';
export { SWITCH_ACCESS, SwitchService } from './switch.service.js';

import { useQueryClient } from '@tanstack/react-query';
import type { Device } from '@tilth/contracts/device.types';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { useShell } from '../../../../shell/ShellContext';
import { useCommandWatch } from '../../control/useCommandWatch';
import type { CommandIssued } from '../family.api';

// What the family panels share: sending a command and following it to its end with the spec's texts
// (spec 02 §8: 'operation success'; failed → the device's message or 'operation failed'), and the codes.

export function useCommand(device: Device) {
  const { t } = useTranslation('family');
  const { tenantId } = useShell();
  const message = useMessage();
  const qc = useQueryClient();
  const watch = useCommandWatch(tenantId, device.id);
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, send: () => Promise<CommandIssued | { command: CommandIssued | null }>) => {
    setBusy(key);
    let cmd: CommandIssued | null = null;
    try {
      const r = await send();
      cmd = 'cmdId' in r ? r : r.command;
    } catch {
      // The API client has shown the server's message (device not connected, limits…).
      setBusy(null);
      return;
    }
    const finish = async () => {
      setBusy(null);
      await qc.invalidateQueries({ queryKey: ['device', tenantId] });
    };
    if (!cmd) {
      message.success(t('command.saved'));
      await finish();
      return;
    }
    // The spinner stays until the device confirms (or the command fails / times out).
    watch(cmd.cmdId, cmd.state, (u) => {
      if (u.state === 'done') message.success(t('command.done'));
      else if (u.state === 'failed' || u.state === 'timeout') message.error(u.message || t('command.failed'));
      else return;
      void finish();
    });
  };
  return { busy, run };
}

export const codesOfDevice = (device: Device) => {
  const p = deviceTypeByKey(device.deviceType)?.permissions;
  return { view: p?.view ?? '', edit: p?.edit ?? '', control: p?.control ?? '' };
};

export const hasAction = (device: Device, action: string): boolean =>
  deviceTypeByKey(device.deviceType)?.commands.some((c) => c.action === action) ?? false;

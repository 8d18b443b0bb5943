import type { Device } from '@tilth/contracts/device.types';
import { type CommandParamDef, deviceTypeByKey } from '@tilth/contracts/device-types';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Steps from 'antd/es/steps';
import Switch from 'antd/es/switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { useShell } from '../../../shell/ShellContext';
import { coerceParam, isFinal, stepOf } from './commandModel';
import { controlApi } from './control.api';
import { useCommandWatch } from './useCommandWatch';
import './control.css';

const STEPS = ['queued', 'sent', 'acked', 'finished'] as const;

function ParamInput({ def }: { def: CommandParamDef }) {
  const { t } = useTranslation('control');
  if (def.type === 'boolean')
    return <Switch checkedChildren={t('control:command.on')} unCheckedChildren={t('control:command.off')} />;
  if (def.type === 'string') return <Input maxLength={def.max} />;
  if (def.values) {
    return (
      <Select
        options={def.values.map((v) => ({
          value: v,
          label: t(`control:value.${def.key}.${v}`, { defaultValue: String(v) }),
        }))}
      />
    );
  }
  return (
    <InputNumber
      min={def.min}
      max={def.max}
      precision={def.type === 'integer' ? 0 : undefined}
      style={{ width: '100%' }}
    />
  );
}

/**
 * Issue 5 "Control": any registry command of the device's type as a generated form (param types, ranges,
 * value lists), behind the type's control code, with the command's progress queued → sent → acked →
 * done | failed | timeout. The server checks everything again (ranges, rules such as high − low ≥ 10).
 */
export function CommandPanel({ device }: { device: Device }) {
  const { t, i18n } = useTranslation(['control', 'common']);
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const { tenantId } = useShell();
  const message = useMessage();
  const type = deviceTypeByKey(device.deviceType);
  const [form] = Form.useForm<Record<string, unknown>>();
  const [action, setAction] = useState<string | undefined>(type?.commands[0]?.action);
  const [progress, setProgress] = useState<{ state: string; message: string | null } | null>(null);
  const [sending, setSending] = useState(false);
  const watch = useCommandWatch(tenantId, device.id);
  if (!type || type.commands.length === 0) return <Result status="info" title={t('control:command.none')} />;
  const def = type.commands.find((c) => c.action === action);

  const send = async () => {
    if (!def) return;
    const raw = await form.validateFields();
    const params: Record<string, unknown> = {};
    for (const p of def.params) {
      const v = coerceParam(p.type, raw[p.key]);
      if (v !== undefined) params[p.key] = v;
    }
    setSending(true);
    try {
      const res = await controlApi.command(tenantId, device.id, { action: def.action, params });
      setProgress({ state: res.state, message: null });
      watch(res.cmdId, res.state, (u) => {
        setProgress({ state: u.state, message: u.message });
        if (u.state === 'done') message.success(t('control:message.success'));
        else if (isFinal(u.state)) message.error(u.message || t('control:message.failed'));
      });
    } catch {
      // Validation and 'device not connected' were shown by the API client.
    } finally {
      setSending(false);
    }
  };

  const failed = progress && (progress.state === 'failed' || progress.state === 'timeout');
  return (
    <div className="tl-control">
      {device.online !== 1 ? <Alert type="warning" showIcon message={t('control:command.offline')} /> : null}
      <Form form={form} layout="vertical" className="tl-command-panel__form">
        <Form.Item label={t('control:command.action')}>
          <Select
            value={action}
            onChange={(v: string) => {
              setAction(v);
              setProgress(null);
              form.resetFields();
            }}
            options={type.commands.map((c) => ({ value: c.action, label: c.name[lang] }))}
            data-testid="command-action"
          />
        </Form.Item>
        {def?.params.map((p) => (
          <Form.Item
            key={p.key}
            name={p.key}
            label={t(`control:param.${p.key}`, { defaultValue: p.description })}
            tooltip={p.description}
            valuePropName={p.type === 'boolean' ? 'checked' : 'value'}
            extra={
              p.min !== undefined && p.max !== undefined && !p.values
                ? t('control:command.range', { min: p.min, max: p.max })
                : undefined
            }
            rules={
              p.required && p.type !== 'boolean'
                ? [
                    {
                      required: true,
                      message: t('control:command.required', {
                        name: t(`control:param.${p.key}`, { defaultValue: p.key }),
                      }),
                    },
                  ]
                : []
            }
            initialValue={p.type === 'boolean' ? false : undefined}
          >
            <ParamInput def={p} />
          </Form.Item>
        ))}
        <PermissionGuard codes={[type.permissions.control]}>
          <Button
            type="primary"
            loading={sending || (progress !== null && !isFinal(progress.state))}
            disabled={device.online !== 1}
            onClick={() => void send()}
            data-testid="command-send"
          >
            {t('control:command.send')}
          </Button>
        </PermissionGuard>
      </Form>
      {progress ? (
        <>
          <Steps
            size="small"
            current={stepOf(progress.state)}
            status={failed ? 'error' : progress.state === 'done' ? 'finish' : 'process'}
            items={STEPS.map((s) => ({ title: t(`control:command.steps.${s}`) }))}
          />
          <Alert
            type={failed ? 'error' : progress.state === 'done' ? 'success' : 'info'}
            showIcon
            data-testid="command-result"
            message={t(`control:command.states.${progress.state}`)}
            description={progress.message ?? undefined}
          />
        </>
      ) : null}
    </div>
  );
}

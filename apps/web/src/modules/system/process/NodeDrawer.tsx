import type { BusinessType } from '@tilth/contracts';
import {
  APPROVAL_MODES,
  type ApprovalMode,
  type ProcessModel,
  type ProcessNode,
  TIMEOUT_ACTIONS,
  type TimeoutAction,
} from '@tilth/contracts/workflow.model';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { AssigneeEditor } from './AssigneeEditor';
import { ConditionEditor } from './ConditionEditor';
import { findBranch, findNode, updateBranch, updateNode } from './modelEdit';
import type { DesignerLookups } from './useDesignerLookups';

// The side drawer of the clicked node or branch: every change goes straight into the model, so the
// diagram and the validation follow as you type.

export function NodeDrawer(props: {
  model: ProcessModel;
  selected: string | null;
  onChange(m: ProcessModel): void;
  onClose(): void;
  fields: BusinessType['fields'];
  lookups: DesignerLookups;
  readOnly: boolean;
  issues: string[];
}) {
  const { t } = useTranslation('process');
  const { model, selected, onChange, lookups, readOnly } = props;
  const node = selected ? findNode(model, selected) : undefined;
  const branch = selected && !node ? findBranch(model, selected) : undefined;
  const patch = (p: Partial<ProcessNode>) => node && onChange(updateNode(model, node.id, p));
  const title = node ? t(`process:kind.${node.kind}`) : branch ? t('process:kind.branch') : '';

  let body: React.ReactNode = null;
  if (node) {
    body = (
      <>
        <Form.Item label={t('process:field.name')} required>
          <Input
            value={node.name}
            maxLength={40}
            disabled={readOnly}
            onChange={(e) => patch({ name: e.target.value })}
          />
        </Form.Item>
        {node.kind === 'approval' ? (
          <>
            <Form.Item label={t('process:field.mode')}>
              <Select
                value={node.mode}
                disabled={readOnly}
                options={APPROVAL_MODES.map((m) => ({ value: m, label: t(`process:mode.${m}`) }))}
                onChange={(mode: ApprovalMode) =>
                  patch(
                    mode === 'vote'
                      ? { mode, passPercent: node.passPercent ?? 50 }
                      : { mode, passPercent: undefined, weights: undefined },
                  )
                }
              />
            </Form.Item>
            {node.mode === 'vote' ? (
              <>
                <Form.Item label={t('process:field.passPercent')}>
                  <InputNumber
                    min={1}
                    max={100}
                    precision={0}
                    addonAfter="%"
                    value={node.passPercent}
                    disabled={readOnly}
                    onChange={(v) => patch({ passPercent: v ?? undefined })}
                  />
                </Form.Item>
                <Form.Item label={t('process:field.weights')} extra={t('process:hint.weights')}>
                  <Space orientation="vertical">
                    {node.assignees
                      .flatMap((r) => (r.type === 'user' ? r.userIds : []))
                      .map((userId) => (
                        <Space key={userId}>
                          <span style={{ display: 'inline-block', width: 120 }}>
                            {lookups.users.find((u) => u.value === userId)?.label ?? userId}
                          </span>
                          <InputNumber
                            min={1}
                            max={100}
                            precision={0}
                            disabled={readOnly}
                            value={node.weights?.find((w) => w.userId === userId)?.weight ?? 1}
                            onChange={(v) =>
                              patch({
                                weights: [
                                  ...(node.weights ?? []).filter((w) => w.userId !== userId),
                                  { userId, weight: v ?? 1 },
                                ],
                              })
                            }
                          />
                        </Space>
                      ))}
                  </Space>
                </Form.Item>
              </>
            ) : null}
          </>
        ) : null}
        {node.kind === 'approval' || node.kind === 'cc' ? (
          <Form.Item
            label={node.kind === 'cc' ? t('process:field.ccTo') : t('process:field.assignees')}
            extra={t('process:hint.fallback')}
          >
            <AssigneeEditor
              value={node.assignees}
              lookups={lookups}
              disabled={readOnly}
              onChange={(assignees) => patch({ assignees })}
            />
          </Form.Item>
        ) : null}
        {node.kind === 'approval' ? (
          <Form.Item label={t('process:field.timeout')}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Switch
                checked={node.timeout !== undefined}
                disabled={readOnly}
                onChange={(on) => patch({ timeout: on ? { afterHours: 24, action: 'remind' } : undefined })}
              />
              {node.timeout ? (
                <>
                  <Space wrap>
                    <InputNumber
                      min={0.05}
                      max={2160}
                      addonBefore={t('process:field.remindAfter')}
                      addonAfter="h"
                      value={node.timeout.remindAfterHours}
                      disabled={readOnly}
                      onChange={(v) =>
                        node.timeout &&
                        patch({ timeout: { ...node.timeout, remindAfterHours: v ?? undefined } })
                      }
                    />
                    <InputNumber
                      min={0.05}
                      max={2160}
                      addonBefore={t('process:field.actAfter')}
                      addonAfter="h"
                      value={node.timeout.afterHours}
                      disabled={readOnly}
                      onChange={(v) =>
                        node.timeout && patch({ timeout: { ...node.timeout, afterHours: v ?? 24 } })
                      }
                    />
                  </Space>
                  <Select
                    style={{ width: 200 }}
                    value={node.timeout.action}
                    disabled={readOnly}
                    options={TIMEOUT_ACTIONS.map((a) => ({ value: a, label: t(`process:timeout.${a}`) }))}
                    onChange={(action: TimeoutAction) =>
                      node.timeout &&
                      patch({
                        timeout: {
                          ...node.timeout,
                          action,
                          escalateTo: action === 'escalate' ? node.timeout.escalateTo : undefined,
                        },
                      })
                    }
                  />
                  {node.timeout.action === 'escalate' ? (
                    <AssigneeEditor
                      usersOnly
                      value={node.timeout.escalateTo ? [node.timeout.escalateTo] : []}
                      lookups={lookups}
                      disabled={readOnly}
                      onChange={(rules) =>
                        node.timeout && patch({ timeout: { ...node.timeout, escalateTo: rules[0] } })
                      }
                    />
                  ) : null}
                </>
              ) : null}
            </Space>
          </Form.Item>
        ) : null}
      </>
    );
  } else if (branch) {
    const b = branch.branch;
    const isDefault = 'isDefault' in b && b.isDefault === true;
    body = (
      <>
        <Form.Item label={t('process:field.name')} required>
          <Input
            value={b.name}
            maxLength={40}
            disabled={readOnly}
            onChange={(e) => onChange(updateBranch(model, b.id, { name: e.target.value }))}
          />
        </Form.Item>
        {'conditions' in b ? (
          <Form.Item label={t('process:field.conditions')}>
            {isDefault ? (
              <Typography.Text type="secondary">{t('process:branch.default')}</Typography.Text>
            ) : (
              <ConditionEditor
                value={b.conditions}
                fields={props.fields}
                lookups={lookups}
                disabled={readOnly}
                onChange={(conditions) => onChange(updateBranch(model, b.id, { conditions }))}
              />
            )}
          </Form.Item>
        ) : null}
      </>
    );
  }
  return (
    <Drawer open={Boolean(node || branch)} title={title} width={520} onClose={props.onClose} destroyOnHidden>
      {props.issues.map((m) => (
        <Typography.Paragraph key={m} type="danger">
          {m}
        </Typography.Paragraph>
      ))}
      <Form layout="vertical">{body}</Form>
    </Drawer>
  );
}

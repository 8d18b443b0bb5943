import { useQuery, useQueryClient } from '@tanstack/react-query';
import { mayHaveStaff, UNIT_NAME_MAX } from '@tilth/contracts/organization.types';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import List from 'antd/es/list';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { useMessage } from '../../../shared/FeedbackProvider';
import { requiredRule } from '../../../shared/form/fieldRules';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { type OrgMember, type OrgTreeNode, organizationApi, orgKeys } from './organization.api';

export const ORG_CODES = {
  create: 'wfpf.company.system.organization.ps.create',
  edit: 'wfpf.company.system.organization.ps.edit',
  delete: 'wfpf.company.system.organization.ps.delete',
} as const;

export const TYPE_COLORS: Record<string, string> = {
  enterprise: 'purple',
  company: 'blue',
  area: 'green',
  department: 'orange',
};

const memberLabel = (m: OrgMember) => `${m.realName ?? m.loginName}${m.phone ? ` (${m.phone})` : ''}`;

interface UnitPanelProps {
  tenantId: number;
  unit: OrgTreeNode;
  candidates: OrgMember[];
  onAddChild: () => void;
  onDeleted: () => void;
}

interface UnitForm {
  name: string;
  headUserId: number | null;
  sort: number;
}

/** The selected unit: rename, head, sort, staff (add/remove), add a child, delete with the server's reason. */
export function UnitPanel({ tenantId, unit, candidates, onAddChild, onDeleted }: UnitPanelProps) {
  const { t } = useTranslation(['organization', 'common']);
  const [form] = Form.useForm<UnitForm>();
  const queryClient = useQueryClient();
  const message = useMessage();
  const confirmDelete = useConfirmDelete();
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState<number[]>([]);
  const members = useQuery({
    queryKey: orgKeys.members(tenantId, unit.id),
    queryFn: () => organizationApi.members(tenantId, unit.id),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: orgKeys.all(tenantId) });

  useEffect(() => {
    form.setFieldsValue({ name: unit.name, headUserId: unit.headUserId, sort: unit.sort });
    setAdding([]);
  }, [unit, form]);

  const save = async (v: UnitForm) => {
    setBusy(true);
    try {
      await organizationApi.update(tenantId, {
        id: unit.id,
        name: v.name,
        headUserId: v.headUserId ?? null,
        sort: v.sort ?? 0,
        objectVersionNumber: unit.objectVersionNumber,
      });
      message.success(t('common:message.saved'));
      await refresh();
    } catch {
      // Shown by the API client (stale version, head not a member …).
    } finally {
      setBusy(false);
    }
  };

  const setStaff = async (userIds: number[]) => {
    try {
      await organizationApi.setMembers(tenantId, unit.id, userIds);
      message.success(t('common:message.saved'));
      setAdding([]);
      await refresh();
    } catch {
      // Shown by the API client.
    }
  };

  const current = members.data ?? [];
  const options = candidates.map((m) => ({ value: m.userId, label: memberLabel(m) }));
  const staffAllowed = mayHaveStaff(unit.organizationType);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t('organization:field.type')}>
          <Tag color={TYPE_COLORS[unit.organizationType]}>
            {t(`organization:type.${unit.organizationType}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('organization:field.staffCount')}>{unit.staffCount}</Descriptions.Item>
      </Descriptions>
      <Form<UnitForm> form={form} layout="vertical" onFinish={(v) => void save(v)}>
        <Form.Item
          name="name"
          label={t('organization:field.name')}
          rules={[requiredRule(t, t('organization:field.name'))]}
        >
          <Input maxLength={UNIT_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="headUserId" label={t('organization:field.head')}>
          <Select allowClear showSearch optionFilterProp="label" options={options} />
        </Form.Item>
        <Form.Item name="sort" label={t('organization:field.sort')}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
        <Space wrap>
          <PermissionGuard codes={[ORG_CODES.edit]}>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('organization:action.rename')}
            </Button>
          </PermissionGuard>
          <PermissionGuard codes={[ORG_CODES.create]}>
            <Button onClick={onAddChild}>{t('organization:action.addChild')}</Button>
          </PermissionGuard>
          {unit.organizationType !== 'enterprise' ? (
            <PermissionGuard codes={[ORG_CODES.delete]}>
              <Button
                danger
                onClick={() =>
                  confirmDelete(
                    unit.name,
                    () => organizationApi.remove(tenantId, unit.id),
                    async () => {
                      onDeleted();
                      await refresh();
                    },
                  )
                }
              >
                {t('common:action.delete')}
              </Button>
            </PermissionGuard>
          ) : null}
        </Space>
      </Form>
      <div>
        <h4>{t('organization:staff.title')}</h4>
        {staffAllowed ? (
          <PermissionGuard codes={[ORG_CODES.edit]}>
            <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
              <Select
                mode="multiple"
                style={{ width: '100%' }}
                placeholder={t('organization:staff.pick')}
                value={adding}
                onChange={setAdding}
                optionFilterProp="label"
                options={options.filter((o) => !current.some((m) => m.userId === o.value))}
              />
              <Button
                type="primary"
                disabled={adding.length === 0}
                onClick={() => void setStaff([...current.map((m) => m.userId), ...adding])}
              >
                {t('organization:staff.add')}
              </Button>
            </Space.Compact>
          </PermissionGuard>
        ) : (
          <p style={{ color: 'var(--ant-color-text-tertiary, #999)' }}>
            {t('organization:staff.noneOnEnterprise')}
          </p>
        )}
        <List
          size="small"
          loading={members.isLoading}
          dataSource={current}
          locale={{ emptyText: t('organization:staff.empty') }}
          renderItem={(m) => (
            <List.Item
              actions={[
                <PermissionGuard key="remove" codes={[ORG_CODES.edit]}>
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      void setStaff(current.filter((x) => x.userId !== m.userId).map((x) => x.userId))
                    }
                  >
                    {t('organization:staff.remove')}
                  </Button>
                </PermissionGuard>,
              ]}
            >
              {memberLabel(m)}
            </List.Item>
          )}
        />
      </div>
    </Space>
  );
}

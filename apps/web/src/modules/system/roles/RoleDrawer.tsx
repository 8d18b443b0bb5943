import { useQuery } from '@tanstack/react-query';
import type { DataScope } from '@tilth/contracts/access.types';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { requiredRule } from '../../../shared/form/fieldRules';
import { type OrgTreeNode, organizationApi, orgKeys } from '../organization/organization.api';
import { PermissionEditor } from './PermissionEditor';
import { type Role, roleKeys, rolesApi } from './roles.api';

export type RoleDialog = { mode: 'create' } | { mode: 'edit'; role: Role } | { mode: 'copy'; role: Role };

interface Values {
  code: string;
  nameZh: string;
  nameEn: string;
  permissions: string[];
  dataScope: DataScope;
  baseIds: number[];
}

const SCOPES: readonly DataScope[] = ['all', 'units', 'bases'];
const basesOf = (nodes: readonly OrgTreeNode[]): OrgTreeNode[] =>
  nodes.flatMap((n) => [...(n.organizationType === 'area' ? [n] : []), ...basesOf(n.children)]);

/** Create, copy or edit a role: code (new roles), names in both languages, permissions. */
export function RoleDrawer({
  tenantId,
  dialog,
  onClose,
}: {
  tenantId: number;
  dialog: RoleDialog | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['roles', 'common']);
  const [form] = Form.useForm<Values>();
  const { busy, run } = useSubmit(roleKeys.list(tenantId), onClose);
  const role = dialog && dialog.mode !== 'create' ? dialog.role : null;
  const adminFixed = dialog?.mode === 'edit' && dialog.role.code === 'tenant-admin';
  const scope = Form.useWatch('dataScope', form);
  const tree = useQuery({
    queryKey: orgKeys.tree(tenantId),
    queryFn: () => organizationApi.tree(tenantId),
    enabled: dialog !== null,
  });
  const baseOptions = useMemo(
    () => basesOf(tree.data ?? []).map((b) => ({ value: b.id, label: b.name })),
    [tree.data],
  );

  useEffect(() => {
    if (!dialog) return;
    form.resetFields();
    form.setFieldsValue({
      code: dialog.mode === 'edit' ? dialog.role.code : '',
      nameZh: role ? (dialog.mode === 'copy' ? `${role.nameZh} 副本` : role.nameZh) : '',
      nameEn: role ? (dialog.mode === 'copy' ? `${role.nameEn} copy` : role.nameEn) : '',
      permissions: role?.permissions ?? [],
      dataScope: role?.dataScope ?? 'all',
      baseIds: role?.baseIds ?? [],
    });
  }, [dialog, role, form]);

  const submit = async (v: Values) => {
    if (!dialog) return;
    if (dialog.mode === 'edit') {
      const r = dialog.role;
      await run(
        () =>
          rolesApi.update(tenantId, {
            id: r.id,
            nameZh: v.nameZh,
            nameEn: v.nameEn,
            permissions: v.permissions,
            dataScope: v.dataScope,
            baseIds: v.dataScope === 'bases' ? v.baseIds : [],
            objectVersionNumber: r.objectVersionNumber,
          }),
        t('common:message.saved'),
      );
    } else if (dialog.mode === 'copy') {
      const r = dialog.role;
      await run(
        () => rolesApi.copy(tenantId, r.id, { code: v.code, nameZh: v.nameZh, nameEn: v.nameEn }),
        t('roles:message.created'),
      );
    } else await run(() => rolesApi.create(tenantId, v), t('roles:message.created'));
  };

  const title =
    dialog?.mode === 'edit'
      ? t('roles:title.edit')
      : dialog?.mode === 'copy'
        ? t('roles:title.copy', { name: dialog.role.name })
        : t('roles:title.add');

  return (
    <Drawer
      open={dialog !== null}
      title={title}
      width={560}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()}>
            {t('common:action.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="code"
          label={t('roles:field.code')}
          rules={[
            requiredRule(t, t('roles:field.code')),
            { pattern: /^[A-Za-z0-9_-]+$/, message: t('common:validation.code') },
          ]}
        >
          <Input maxLength={60} disabled={dialog?.mode === 'edit'} />
        </Form.Item>
        <Form.Item
          name="nameZh"
          label={t('roles:field.nameZh')}
          rules={[requiredRule(t, t('roles:field.nameZh'))]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="nameEn"
          label={t('roles:field.nameEn')}
          rules={[requiredRule(t, t('roles:field.nameEn'))]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="dataScope"
          label={t('roles:field.dataScope')}
          extra={adminFixed ? t('roles:scope.adminFixed') : t(`roles:scope.help.${scope ?? 'all'}`)}
        >
          <Radio.Group disabled={adminFixed || dialog?.mode === 'copy'}>
            {SCOPES.map((k) => (
              <Radio.Button key={k} value={k}>
                {t(`roles:scope.${k}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        {scope === 'bases' ? (
          <Form.Item
            name="baseIds"
            label={t('roles:field.bases')}
            rules={[{ required: true, type: 'array', min: 1, message: t('roles:scope.basesRequired') }]}
          >
            <Select
              mode="multiple"
              options={baseOptions}
              loading={tree.isLoading}
              optionFilterProp="label"
              disabled={dialog?.mode === 'copy'}
              placeholder={t('roles:scope.basesPlaceholder')}
            />
          </Form.Item>
        ) : null}
        {adminFixed ? (
          <Alert type="info" showIcon message={t('roles:tree.adminFixed')} style={{ marginBottom: 12 }} />
        ) : null}
        <Form.Item name="permissions" label={t('roles:field.permissions')}>
          <PermissionEditorField disabled={adminFixed || dialog?.mode === 'copy'} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** Form.Item hands value/onChange to its child. */
function PermissionEditorField(props: {
  value?: string[];
  onChange?: (v: string[]) => void;
  disabled?: boolean;
}) {
  return (
    <PermissionEditor
      value={props.value ?? []}
      onChange={(v) => props.onChange?.(v)}
      disabled={props.disabled}
    />
  );
}

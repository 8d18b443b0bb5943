import { AUTOMATION_CODES } from '@tilth/contracts/permissions';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { useShell } from '../../../shell/ShellContext';
import { automationApi, automationKeys, type DeviceGroup, type GroupKind } from './automation.api';
import { GroupFormModal } from './GroupFormModal';
import { memberLabel } from './groupMembers';

const MEMBERS_SHOWN = 6;

/** A list of groups of one kind with their members; add, edit, delete. */
function GroupList({ kind }: { kind: GroupKind }) {
  const { t } = useTranslation(['automation', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => automationKeys.groups(tenantId, kind), [tenantId, kind]);
  const list = usePagedList<DeviceGroup>(key, (q) => automationApi.groups(tenantId, kind, q));
  const [editing, setEditing] = useState<{ group: DeviceGroup | null } | null>(null);
  const codes = AUTOMATION_CODES[kind];

  const fields: FilterField[] = [{ name: 'name', label: t('automation:field.groupName'), type: 'text' }];
  const columns: ColumnsType<DeviceGroup> = [
    { title: t('automation:field.groupName'), dataIndex: 'name', width: 180 },
    {
      title: t('automation:field.members'),
      dataIndex: 'members',
      render: (members: DeviceGroup['members']) => (
        <>
          {members.slice(0, MEMBERS_SHOWN).map((m) => (
            <Tag key={m.deviceId} color={m.online ? 'green' : undefined}>
              {memberLabel(m.deviceName, m.channelName)}
            </Tag>
          ))}
          {members.length > MEMBERS_SHOWN
            ? t('automation:group.more', { count: members.length - MEMBERS_SHOWN })
            : null}
          {members.length === 0 ? '—' : null}
        </>
      ),
    },
    {
      title: t('automation:field.description'),
      dataIndex: 'description',
      render: (v: string | null) => v || '—',
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 140,
      render: (_, g) => (
        <RowActions
          onEdit={() => setEditing({ group: g })}
          editCode={codes.edit}
          onDelete={() =>
            confirmDelete(g.name, () => automationApi.removeGroup(tenantId, g.id), list.refresh)
          }
          deleteCode={codes.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing({ group: null })}
        addText={t('automation:action.addGroup')}
        addCode={codes.create}
      />
      <PagedTable<DeviceGroup>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 800 }}
        empty={{
          title: t('automation:empty'),
          onAdd: () => setEditing({ group: null }),
          addText: t('automation:action.addGroup'),
          addCode: codes.create,
        }}
      />
      <GroupFormModal
        tenantId={tenantId}
        kind={kind}
        open={editing !== null}
        group={editing?.group ?? null}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}

/** equipment/intelligentControl/group: actuators a strategy drives together. */
export function ControlGroupPage() {
  return <GroupList kind="control" />;
}

/** equipment/intelligentControl/device-group: devices grouped for an overview. */
export function DeviceGroupPage() {
  return <GroupList kind="device" />;
}

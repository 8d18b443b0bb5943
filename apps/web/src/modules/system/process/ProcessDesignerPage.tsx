import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APPROVAL_DOC_TYPE_DEFS,
  APPROVAL_DOC_TYPES,
  type ApprovalDocType,
} from '@tilth/contracts/workflow.docs';
import type { ProcessModel } from '@tilth/contracts/workflow.model';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../shared/FeedbackProvider';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { useShell } from '../../../shell/ShellContext';
import { FlowCanvas } from './FlowCanvas';
import {
  addBranch,
  cleanModel,
  findBranch,
  findNode,
  insertAt,
  moveBranch,
  type NewNames,
  newNode,
  removeBranch,
  removeNode,
} from './modelEdit';
import { conditionFields, localIssues, type ShownIssue } from './modelIssues';
import { NodeDrawer } from './NodeDrawer';
import { type DefinitionDetail, PROCESS_CODES, processApi, processKeys } from './process.api';
import { useDesignerLookups } from './useDesignerLookups';

type Mode = 'add' | 'edit' | 'copy';

/** The flow designer: /system/process/add, edit/{id} (disabled flows only), copy/{id}. */
function ProcessDesigner({ mode }: { mode: Mode }) {
  const { t } = useTranslation(['process', 'common']);
  const { tenantId } = useShell();
  const id = Number(useParams().id);
  const needsSource = mode !== 'add';
  const valid = !needsSource || (Number.isSafeInteger(id) && id > 0);
  const source = useQuery({
    queryKey: processKeys.detail(tenantId, id),
    queryFn: () => processApi.detail(tenantId, id),
    enabled: needsSource && valid,
    retry: false,
  });
  if (!valid || source.isError) return <EmptyState variant="notFound" title={t('process:notFound')} />;
  const src = source.data;
  if (needsSource && !src) return <Spin />;
  // Keyed by the stored version: a save that the server answers starts the editor from what it stored.
  return <DesignerEditor key={src?.objectVersionNumber ?? 0} mode={mode} source={src ?? null} />;
}

function DesignerEditor({ mode, source: src }: { mode: Mode; source: DefinitionDetail | null }) {
  const { t, i18n } = useTranslation(['process', 'common']);
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const message = useMessage();
  const queryClient = useQueryClient();
  const lookups = useDesignerLookups(tenantId);
  const [name, setName] = useState(() =>
    !src ? '' : mode === 'copy' ? t('process:copyName', { name: src.name }) : src.name,
  );
  const [docType, setDocType] = useState<ApprovalDocType>(src?.docType ?? 'agri_warehousing');
  const [description, setDescription] = useState(src?.description ?? '');
  const [model, setModel] = useState<ProcessModel>(src?.model ?? {});
  const [selected, setSelected] = useState<string | null>(null);
  const [serverIssues, setServerIssues] = useState<ShownIssue[] | null>(null);
  const [busy, setBusy] = useState(false);

  const names: NewNames = {
    approval: t('process:kind.approval'),
    cc: t('process:kind.cc'),
    condition: t('process:kind.condition'),
    parallel: t('process:kind.parallel'),
    branch: (n) => t('process:branch.name', { n }),
    defaultBranch: t('process:branch.defaultName'),
  };
  const issues = useMemo(
    () => serverIssues ?? localIssues(model, docType, lang),
    [serverIssues, model, docType, lang],
  );
  const edit = (m: ProcessModel) => {
    setServerIssues(null);
    setModel(m);
  };
  const nameOf = (nodeId: string | null) =>
    nodeId === null
      ? null
      : (findNode(model, nodeId)?.name ?? findBranch(model, nodeId)?.branch.name ?? null);

  const locked = mode === 'edit' && src?.enabledFlag === 1;

  /** Saves; answers the flow's id and version, or null when the server refused. */
  const save = async () => {
    const body = { name, description: description || null, model: cleanModel(model) };
    try {
      if (mode === 'edit' && src) {
        const d = await processApi.update(tenantId, {
          ...body,
          id: src.id,
          objectVersionNumber: src.objectVersionNumber,
        });
        await queryClient.invalidateQueries({ queryKey: processKeys.all(tenantId) });
        return d;
      }
      const d = await processApi.create(tenantId, { ...body, docType });
      await queryClient.invalidateQueries({ queryKey: processKeys.all(tenantId) });
      return d;
    } catch {
      return null; // Shown by the API client.
    }
  };
  const onSave = async (enable: boolean) => {
    if (!name.trim()) {
      message.error(t('process:hint.nameRequired'));
      return;
    }
    setBusy(true);
    try {
      const d = await save();
      if (!d) return;
      if (enable) {
        try {
          await processApi.enable(tenantId, d);
          message.success(t('process:message.enabled'));
          navigate('/system/process');
          return;
        } catch {
          // The server's reasons, shown on the nodes like the live check's.
          const answer = await processApi.validate(tenantId, d.docType, d.model).catch(() => null);
          if (answer) setServerIssues(answer.issues);
        }
      } else message.success(t('process:message.saved'));
      if (mode !== 'edit') navigate(`/system/process/edit/${d.id}`, { replace: true });
    } finally {
      setBusy(false);
    }
  };

  const selectedIssues = issues
    .filter((i) => i.nodeId !== null && i.nodeId === selected)
    .map((i) => i.message);
  return (
    <section className="tl-card">
      <Space style={{ marginBottom: 12 }} wrap>
        <Button onClick={() => navigate('/system/process')}>{t('common:action.back')}</Button>
        {locked ? null : (
          <>
            <PermissionGuard codes={[mode === 'edit' ? PROCESS_CODES.edit : PROCESS_CODES.create]}>
              <Button loading={busy} onClick={() => void onSave(false)}>
                {t('process:action.save')}
              </Button>
            </PermissionGuard>
            <PermissionGuard codes={[mode === 'edit' ? PROCESS_CODES.edit : PROCESS_CODES.create]}>
              <PermissionGuard codes={[PROCESS_CODES.edit]}>
                <Button type="primary" loading={busy} onClick={() => void onSave(true)}>
                  {t('process:action.saveEnable')}
                </Button>
              </PermissionGuard>
            </PermissionGuard>
          </>
        )}
      </Space>
      {locked ? (
        <Alert
          type="warning"
          showIcon
          message={t('process:hint.disableFirst')}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item label={t('process:field.name')} required>
          <Input
            value={name}
            maxLength={40}
            disabled={locked}
            onChange={(e) => setName(e.target.value)}
            style={{ width: 220 }}
          />
        </Form.Item>
        <Form.Item label={t('process:field.docType')} required>
          <Select
            style={{ width: 180 }}
            value={docType}
            disabled={mode === 'edit'}
            options={APPROVAL_DOC_TYPES.map((d) => ({
              value: d,
              label: APPROVAL_DOC_TYPE_DEFS[d].name[lang],
            }))}
            onChange={(d: ApprovalDocType) => {
              setServerIssues(null);
              setDocType(d);
            }}
          />
        </Form.Item>
        <Form.Item label={t('process:field.description')}>
          <Input
            value={description}
            maxLength={200}
            disabled={locked}
            onChange={(e) => setDescription(e.target.value)}
            style={{ width: 320 }}
          />
        </Form.Item>
      </Form>
      {issues.length > 0 ? (
        <Alert
          type={serverIssues ? 'error' : 'warning'}
          showIcon
          style={{ marginBottom: 12 }}
          message={
            serverIssues ? t('process:issues.refused') : t('process:issues.title', { count: issues.length })
          }
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {issues.map((i) => (
                <li key={`${i.nodeId}:${i.message}`}>
                  {nameOf(i.nodeId) && !serverIssues ? `${nameOf(i.nodeId)}: ` : ''}
                  {i.message}
                </li>
              ))}
            </ul>
          }
        />
      ) : (
        <Alert type="success" showIcon style={{ marginBottom: 12 }} message={t('process:issues.none')} />
      )}
      <FlowCanvas
        model={model}
        issues={issues}
        readOnly={locked}
        selected={selected}
        onSelect={setSelected}
        onInsert={(slot, kind) => {
          const n = newNode(kind, names);
          edit(insertAt(model, slot, n));
          if (kind === 'approval' || kind === 'cc') setSelected(n.id);
        }}
        onAddBranch={(nodeId) => {
          const n = findNode(model, nodeId);
          const count = n && (n.kind === 'condition' || n.kind === 'parallel') ? n.branches.length : 0;
          edit(addBranch(model, nodeId, t('process:branch.name', { n: count + 1 })));
        }}
        onRemoveBranch={(b) => edit(removeBranch(model, b))}
        onMoveBranch={(b, delta) => edit(moveBranch(model, b, delta))}
        onRemoveNode={(nodeId) => {
          edit(removeNode(model, nodeId));
          if (selected === nodeId) setSelected(null);
        }}
      />
      <NodeDrawer
        model={model}
        selected={selected}
        readOnly={locked}
        onChange={edit}
        onClose={() => setSelected(null)}
        fields={conditionFields(docType, lang)}
        lookups={lookups}
        issues={selectedIssues}
      />
    </section>
  );
}

export function ProcessAddPage() {
  return <ProcessDesigner mode="add" />;
}
export function ProcessEditPage() {
  return <ProcessDesigner mode="edit" />;
}
export function ProcessCopyPage() {
  return <ProcessDesigner mode="copy" />;
}

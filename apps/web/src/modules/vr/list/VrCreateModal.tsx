import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useQuery } from '@tanstack/react-query';
import type { Panorama } from '@tilth/contracts/panorama.types';
import { VR_DESCRIPTION_MAX, VR_NAME_MAX, VR_SCENES_MAX, type Vr } from '@tilth/contracts/vr.types';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { AuthImage } from '../library/AuthImage';
import { libraryKeys, panoramaApi, tourApi } from '../library/library.api';
import { formatVrDate } from '../library/vrFormat';

interface VrCreateModalProps {
  tenantId: number;
  open: boolean;
  onClose: () => void;
  onCreated: (vr: Vr) => void;
}

interface CreateForm {
  vrCover: string;
  vrName: string;
  areaId: number[];
  description?: string;
}

const COVER_TYPES = ['image/png', 'image/jpeg'];
const COVER_MAX_BYTES = 10 * 1024 * 1024;

/** A cover form field: uploads to the file service and keeps the file's address. */
function CoverField({
  tenantId,
  value,
  onChange,
}: {
  tenantId: number;
  value?: string;
  onChange?: (v: string) => void;
}) {
  const { t } = useTranslation('vr');
  const message = useMessage();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!COVER_TYPES.includes(file.type)) return void message.error(t('vr:create.coverType'));
    if (file.size > COVER_MAX_BYTES) return void message.error(t('vr:create.coverSize'));
    setBusy(true);
    try {
      onChange?.((await tourApi.uploadCover(tenantId, file)).fileUrl);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space align="center">
      <AuthImage url={value || null} width={160} height={90} />
      {/* display:none, not `hidden`: the layout's input styles override the attribute and showed the bare picker. */}
      <input
        ref={input}
        type="file"
        accept={COVER_TYPES.join(',')}
        style={{ display: 'none' }}
        onChange={(e) => void pick(e)}
      />
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
        {t('vr:create.coverUpload')}
      </Button>
    </Space>
  );
}

/** New tour: basics and 1–10 ready, enabled panoramas as its first scenes, then the editor opens. */
export function VrCreateModal({ tenantId, open, onClose, onCreated }: VrCreateModalProps) {
  const { t, i18n } = useTranslation(['vr', 'common']);
  const message = useMessage();
  const [form] = Form.useForm<CreateForm>();
  const [picked, setPicked] = useState<number[]>([]);
  const [page, setPage] = useState(0);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const areas = useQuery({
    queryKey: libraryKeys.areas(tenantId),
    queryFn: () => tourApi.areas(tenantId),
    enabled: open,
  });
  const panoramas = useQuery({
    queryKey: [...libraryKeys.panoramas(tenantId), 'picker', page, name],
    queryFn: () =>
      panoramaApi.page(tenantId, {
        page,
        size: 10,
        enabledFlag: 1,
        status: 'ready',
        panoramaName: name || undefined,
      }),
    enabled: open,
  });

  const submit = async () => {
    const values = await form.validateFields();
    if (picked.length < 1) return void message.error(t('vr:create.pickRequired'));
    if (picked.length > VR_SCENES_MAX) return void message.error(t('vr:create.pickTooMany'));
    setSaving(true);
    try {
      const made = await tourApi.create(tenantId, {
        vrName: values.vrName.trim(),
        vrCover: values.vrCover,
        description: (values.description ?? '').trim(),
        areaId: values.areaId,
        panoramaIds: picked,
      });
      message.success(t('vr:message.added'));
      form.resetFields();
      setPicked([]);
      onCreated(made);
    } catch {
      // Shown by the API client; the modal keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('vr:create.title')}
      open={open}
      width={820}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('vr:create.submit')}
      cancelText={t('common:action.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      {/* A form name keeps the field ids (and so the labels) apart from the list's search form. */}
      <Form form={form} name="vr-create" layout="vertical" preserve={false}>
        <Form.Item
          name="vrCover"
          label={t('vr:field.cover')}
          rules={[{ required: true, message: t('vr:rule.coverRequired') }]}
        >
          <CoverField tenantId={tenantId} />
        </Form.Item>
        <Form.Item
          name="vrName"
          label={t('vr:field.name')}
          rules={[
            { required: true, whitespace: true, message: t('vr:rule.nameRequired') },
            { max: VR_NAME_MAX, message: t('vr:rule.nameTooLong', { max: VR_NAME_MAX }) },
          ]}
        >
          <Input maxLength={VR_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="areaId"
          label={t('vr:field.bases')}
          rules={[{ required: true, message: t('vr:rule.basesRequired') }]}
        >
          <Select
            mode="multiple"
            loading={areas.isPending}
            optionFilterProp="label"
            options={(areas.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName }))}
            maxTagCount={10}
          />
        </Form.Item>
        <Form.Item name="description" label={t('vr:field.description')} rules={[{ max: VR_DESCRIPTION_MAX }]}>
          <Input.TextArea maxLength={VR_DESCRIPTION_MAX} showCount rows={3} />
        </Form.Item>
      </Form>
      <Typography.Title level={5}>
        {t('vr:create.pickTitle', { n: picked.length, max: VR_SCENES_MAX })}
      </Typography.Title>
      <Input.Search
        allowClear
        placeholder={t('vr:panorama.name')}
        onSearch={(v) => {
          setName(v.trim());
          setPage(0);
        }}
        style={{ maxWidth: 280, marginBottom: 8 }}
      />
      <Table<Panorama>
        size="small"
        rowKey="panoramaId"
        loading={panoramas.isFetching}
        dataSource={panoramas.data?.content ?? []}
        rowSelection={{
          selectedRowKeys: picked,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setPicked(keys.map(Number)),
          getCheckboxProps: (p) => ({
            disabled: !picked.includes(p.panoramaId) && picked.length >= VR_SCENES_MAX,
          }),
        }}
        pagination={{
          current: page + 1,
          pageSize: 10,
          total: panoramas.data?.totalElements ?? 0,
          onChange: (p) => setPage(p - 1),
        }}
        columns={[
          {
            title: t('vr:panorama.thumb'),
            dataIndex: 'panoramaThumb',
            width: 110,
            render: (u: string) => <AuthImage url={u} width={80} height={40} />,
          },
          { title: t('vr:panorama.name'), dataIndex: 'panoramaName', ellipsis: true },
          {
            title: t('vr:panorama.created'),
            dataIndex: 'creationDate',
            width: 150,
            render: (v: string) => formatVrDate(v, i18n.language),
          },
        ]}
      />
    </Modal>
  );
}

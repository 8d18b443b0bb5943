import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BANNER_PLACEMENTS, type Banner, type BannerPlacement } from '@tilth/contracts/media.types';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/client';
import { useMessage } from '../../../shared/FeedbackProvider';
import { requiredRule } from '../../../shared/form/fieldRules';
import { formatDateTime, fromInstant, toInstant } from '../../../shared/format/time';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { isBannerLink, moveItem } from './bannerForm';
import { bannerApi, MEDIA_CODES, mediaKeys } from './media.api';
import { PicturePickerModal } from './PicturePickerModal';
import { PictureThumb } from './PictureThumb';

interface FormValues {
  title: string;
  linkUrl?: string;
  placement: BannerPlacement;
  window?: [Dayjs | null, Dayjs | null] | null;
  enabled: boolean;
}

/** /system/bannerManger: banners by placement, in order (up / down), with a library picture, link and schedule. */
export function BannerPage() {
  const { t } = useTranslation(['contentMedia', 'common']);
  const { tenantId } = useShell();
  const message = useMessage();
  const client = useQueryClient();
  const canEdit = usePermissions([MEDIA_CODES.editBanners]).allowed;
  const [placement, setPlacement] = useState<BannerPlacement>('login');
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [picture, setPicture] = useState<{ pictureId: number; src: string } | null>(null);
  const [picking, setPicking] = useState(false);
  const [form] = Form.useForm<FormValues>();
  const key = [...mediaKeys.banners(tenantId), placement];
  const banners = useQuery({
    queryKey: key,
    queryFn: () => bannerApi.page(tenantId, { placement, size: 0 }),
  });
  const rows = banners.data?.content ?? [];
  const refresh = () => client.invalidateQueries({ queryKey: mediaKeys.banners(tenantId) });

  const open = (b: Banner | 'new') => {
    setEditing(b);
    setPicture(b === 'new' ? null : { pictureId: b.pictureId, src: b.thumbUrl });
    form.setFieldsValue(
      b === 'new'
        ? { title: '', linkUrl: '', placement, window: null, enabled: true }
        : {
            title: b.title,
            linkUrl: b.linkUrl ?? '',
            placement: b.placement,
            window: [b.startAt ? fromInstant(b.startAt) : null, b.endAt ? fromInstant(b.endAt) : null],
            enabled: b.enabledFlag === 1,
          },
    );
  };

  const save = async () => {
    const v = await form.validateFields();
    if (!picture) {
      message.error(t('banner.pictureRequired'));
      return;
    }
    const body = {
      pictureId: picture.pictureId,
      title: v.title,
      linkUrl: v.linkUrl?.trim() || null,
      placement: v.placement,
      startAt: v.window?.[0] ? toInstant(v.window[0]) : null,
      endAt: v.window?.[1] ? toInstant(v.window[1]) : null,
      enabledFlag: v.enabled ? (1 as const) : (0 as const),
    };
    try {
      if (editing === 'new') await bannerApi.create(tenantId, body);
      else if (editing)
        await bannerApi.update(tenantId, {
          ...body,
          bannerId: editing.bannerId,
          objectVersionNumber: editing.objectVersionNumber,
        });
      message.success(t('banner.saved'));
      setEditing(null);
      await refresh();
    } catch (err) {
      message.error(errorText(err));
    }
  };

  const move = async (index: number, by: -1 | 1) => {
    try {
      await bannerApi.order(
        tenantId,
        placement,
        moveItem(rows, index, by).map((b) => b.bannerId),
      );
      await refresh();
    } catch (err) {
      message.error(errorText(err));
    }
  };

  const windowText = (b: Banner) =>
    b.startAt || b.endAt
      ? `${b.startAt ? formatDateTime(b.startAt, 'YYYY-MM-DD HH:mm') : '…'} → ${b.endAt ? formatDateTime(b.endAt, 'YYYY-MM-DD HH:mm') : '…'}`
      : t('banner.always');

  return (
    <Card>
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }} wrap>
        <Segmented
          value={placement}
          options={BANNER_PLACEMENTS.map((p) => ({ value: p, label: t(`banner.placement.${p}`) }))}
          onChange={(v) => setPlacement(v as BannerPlacement)}
        />
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
            {t('banner.add')}
          </Button>
        )}
      </Space>
      <Table<Banner>
        rowKey="bannerId"
        loading={banners.isFetching}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('banner.empty') }}
        columns={[
          {
            title: t('banner.picture'),
            width: 150,
            render: (_, b) => <PictureThumb url={b.thumbUrl} alt={b.title} width={128} height={56} />,
          },
          { title: t('banner.title'), dataIndex: 'title' },
          {
            title: t('banner.link'),
            dataIndex: 'linkUrl',
            ellipsis: true,
            render: (v: string | null) => v ?? '—',
          },
          { title: t('banner.window'), render: (_, b) => windowText(b) },
          {
            title: t('banner.state'),
            render: (_, b) =>
              b.live ? (
                <Tag color="green">{t('banner.live')}</Tag>
              ) : b.enabledFlag === 0 ? (
                <Tag>{t('banner.disabled')}</Tag>
              ) : (
                <Tag color="orange">{t('banner.outOfWindow')}</Tag>
              ),
          },
          {
            title: t('common:actions', { defaultValue: '' }),
            width: 240,
            render: (_, b, i) =>
              canEdit && (
                <Space size={4}>
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('banner.up')}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  />
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('banner.down')}
                    disabled={i === rows.length - 1}
                    onClick={() => move(i, 1)}
                  />
                  <Button size="small" type="link" onClick={() => open(b)}>
                    {t('banner.edit')}
                  </Button>
                  <Popconfirm
                    title={t('banner.deleteConfirm', { name: b.title })}
                    onConfirm={async () => {
                      try {
                        await bannerApi.remove(tenantId, b.bannerId);
                        await refresh();
                      } catch (err) {
                        message.error(errorText(err));
                      }
                    }}
                  >
                    <Button size="small" type="link" danger>
                      {t('banner.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('banner.add') : t('banner.edit')}
        onCancel={() => setEditing(null)}
        onOk={save}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item label={t('banner.picture')} required>
            <Space>
              {picture && <PictureThumb url={picture.src} alt="" width={160} height={70} />}
              <Button onClick={() => setPicking(true)} data-testid="banner-pick">
                {picture ? t('banner.changePicture') : t('banner.choosePicture')}
              </Button>
            </Space>
          </Form.Item>
          <Form.Item
            name="title"
            label={t('banner.title')}
            rules={[{ required: true, whitespace: true, max: 60 }]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item
            name="linkUrl"
            label={t('banner.link')}
            extra={t('banner.linkHint')}
            rules={[
              {
                validator: (_, v: string | undefined) =>
                  !v || isBannerLink(v)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('banner.linkInvalid'))),
              },
            ]}
          >
            <Input maxLength={500} placeholder="https://… /web/farm/home" />
          </Form.Item>
          <Form.Item
            name="placement"
            label={t('banner.placementLabel')}
            rules={[requiredRule(t, t('banner.placementLabel'), 'select')]}
          >
            <Select
              options={BANNER_PLACEMENTS.map((p) => ({ value: p, label: t(`banner.placement.${p}`) }))}
            />
          </Form.Item>
          <Form.Item name="window" label={t('banner.window')} extra={t('banner.windowHint')}>
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              allowEmpty={[true, true]}
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('banner.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
      <PicturePickerModal
        open={picking}
        onCancel={() => setPicking(false)}
        onPick={(p) => {
          setPicture({ pictureId: p.pictureId, src: p.src });
          setPicking(false);
        }}
      />
    </Card>
  );
}

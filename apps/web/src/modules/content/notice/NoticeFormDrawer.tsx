import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import TreeSelect from 'antd/es/tree-select';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { fromInstant, nowInZone, toInstant } from '../../../shared/format/time';
import { RichTextEditor } from '../../../shared/richtext';
import { NoticeAttachmentsField } from './NoticeAttachmentsField';
import { type NoticeDetail, noticeAdminApi, noticeAdminKeys } from './notice.api';
import {
  asksWhen,
  asStatus,
  createBody,
  formProblem,
  formValuesOf,
  type NoticeFormValues,
  type PublishMode,
  unitTree,
  writeBody,
} from './noticeAdminModel';

interface FormFields extends Omit<NoticeFormValues, 'publishAt'> {
  publishAt?: Dayjs | null;
}

interface Props {
  tenantId: number;
  /** undefined: closed; null: a new one; else the notice edited. */
  notice: NoticeDetail | null | undefined;
  canPublish: boolean;
  onClose: () => void;
  onSaved: () => Promise<void>;
}

const newUuid = (): string => crypto.randomUUID();

/** Write or edit an announcement: title, rich text, files, audience and when to publish. */
export function NoticeFormDrawer({ tenantId, notice, canPublish, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation(['contentNotice', 'common']);
  const message = useMessage();
  const [form] = Form.useForm<FormFields>();
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [fileCount, setFileCount] = useState(0);
  const open = notice !== undefined;
  const status = notice ? asStatus(notice.statusCode) : undefined;
  const platform = tenantId === 0;
  // Files of a new notice gather under a fresh id until it is saved with it.
  const attachmentUuid = useMemo(() => (open ? (notice?.attachmentUuid ?? newUuid()) : ''), [open, notice]);
  const options = useQuery({
    queryKey: noticeAdminKeys.options(tenantId),
    queryFn: () => noticeAdminApi.options(tenantId),
    enabled: open && !platform,
  });
  const audience = Form.useWatch('audience', form);
  const mode = Form.useWatch('mode', form);
  const en = i18n.language.startsWith('en');

  useEffect(() => {
    if (!open) return;
    const v = formValuesOf(notice ?? undefined);
    form.setFieldsValue({ ...v, publishAt: v.publishAt ? fromInstant(v.publishAt) : null });
    setFileCount(0);
  }, [open, notice, form]);

  const submit = async (f: FormFields) => {
    const values: NoticeFormValues = {
      ...f,
      audienceRoleIds: f.audienceRoleIds ?? [],
      audienceUnitIds: f.audienceUnitIds ?? [],
      publishAt: f.publishAt ? toInstant(f.publishAt) : undefined,
    };
    const problem = formProblem(values, Date.now());
    if (problem) {
      message.error(t(`contentNotice:problem.${problem}`));
      return;
    }
    const uuid = fileCount > 0 ? attachmentUuid : null;
    setBusy(true);
    try {
      if (!notice) {
        await noticeAdminApi.create(tenantId, createBody(values, uuid));
      } else {
        let saved = await noticeAdminApi.update(tenantId, notice.id, {
          ...writeBody(values, uuid),
          objectVersionNumber: notice.objectVersionNumber,
        });
        if (asksWhen(status) && values.mode === 'now')
          saved = await noticeAdminApi.publish(tenantId, notice.id);
        const moved = values.publishAt !== undefined && values.publishAt !== notice.publishedDate;
        if (
          asksWhen(status) &&
          values.mode === 'schedule' &&
          values.publishAt &&
          (status !== 'SCHEDULED' || moved)
        )
          await noticeAdminApi.schedule(tenantId, notice.id, values.publishAt, saved.objectVersionNumber);
      }
      message.success(t(`contentNotice:saved.${values.mode}`));
      await onSaved();
      onClose();
    } catch {
      // Shown by the API client (stale version, unknown role …); the drawer stays open.
    } finally {
      setBusy(false);
    }
  };

  const modes: PublishMode[] = canPublish ? ['draft', 'now', 'schedule'] : ['draft'];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
      title={notice ? t('contentNotice:form.editTitle') : t('contentNotice:form.newTitle')}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button type="primary" loading={busy} disabled={uploading} onClick={() => form.submit()}>
            {t('common:action.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} name="noticeForm" layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="title"
          label={t('contentNotice:field.title')}
          rules={[{ required: true, whitespace: true, message: t('contentNotice:problem.titleBlank') }]}
        >
          <Input maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="noticeBody" label={t('contentNotice:field.body')} required>
          <NoticeBodyEditor ariaLabel={t('contentNotice:field.body')} />
        </Form.Item>
        <Form.Item label={t('contentNotice:field.attachments')}>
          {open ? (
            <NoticeAttachmentsField
              tenantId={tenantId}
              attachmentUuid={attachmentUuid}
              onBusyChange={setUploading}
              onCountChange={setFileCount}
            />
          ) : null}
        </Form.Item>
        {platform ? (
          <Alert
            type="info"
            showIcon
            message={t('contentNotice:audience.platformHelp')}
            style={{ marginBottom: 16 }}
          />
        ) : (
          <>
            <Form.Item name="audience" label={t('contentNotice:field.audience')}>
              <Radio.Group
                options={[
                  { value: 'all', label: t('contentNotice:audience.all') },
                  { value: 'some', label: t('contentNotice:audience.some') },
                ]}
              />
            </Form.Item>
            {audience === 'some' ? (
              <>
                <Form.Item name="audienceRoleIds" label={t('contentNotice:field.roles')}>
                  <Select
                    mode="multiple"
                    allowClear
                    optionFilterProp="label"
                    placeholder={t('contentNotice:audience.rolesPlaceholder')}
                    options={(options.data?.roles ?? []).map((r) => ({
                      value: r.id,
                      label: en ? r.nameEn : r.nameZh,
                    }))}
                  />
                </Form.Item>
                <Form.Item
                  name="audienceUnitIds"
                  label={t('contentNotice:field.units')}
                  extra={t('contentNotice:audience.unitsHelp')}
                >
                  <TreeSelect
                    multiple
                    allowClear
                    treeDefaultExpandAll
                    showSearch={{ treeNodeFilterProp: 'title' }}
                    placeholder={t('contentNotice:audience.unitsPlaceholder')}
                    treeData={unitTree(options.data?.units ?? [])}
                  />
                </Form.Item>
              </>
            ) : null}
          </>
        )}
        {asksWhen(status) ? (
          <Form.Item name="mode" label={t('contentNotice:field.when')}>
            <Radio.Group
              options={modes.map((m) => ({
                value: m,
                label: t(notice && m === 'draft' ? 'contentNotice:mode.keep' : `contentNotice:mode.${m}`),
              }))}
            />
          </Form.Item>
        ) : null}
        {mode === 'schedule' ? (
          <Form.Item name="publishAt" label={t('contentNotice:field.publishAt')} required>
            <DatePicker
              showTime
              format="YYYY-MM-DD HH:mm:ss"
              style={{ width: '100%' }}
              disabledDate={(d) => d.isBefore(nowInZone(), 'day')}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Drawer>
  );
}

/** The editor as a form control (Form.Item passes value and onChange). */
function NoticeBodyEditor({
  value,
  onChange,
  ariaLabel,
}: {
  value?: string;
  onChange?: (html: string) => void;
  ariaLabel: string;
}) {
  return (
    <RichTextEditor
      value={value ?? ''}
      onChange={(html) => onChange?.(html)}
      ariaLabel={ariaLabel}
      minHeight={220}
    />
  );
}

import type { PestKnowledgeCreateBody } from '@tilth/contracts/identify.types';
import { PEST_CODE_MAX, PEST_NAME_MAX, PEST_TEXT_MAX } from '@tilth/contracts/identify.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { ImageListField } from '../../../shared/file/ImageListField';
import { useShell } from '../../../shell/ShellContext';
import { identifyApi, type PestKnowledge } from './identify.api';
import { checkPhoto, linesOf, PHOTO_ACCEPT } from './identifyModel';
import { PhotoImage } from './PhotoImage';

interface FormValues {
  code: string;
  kind: 'pest' | 'disease';
  nameZh: string;
  nameEn: string;
  latinName?: string;
  cropsZh?: string;
  cropsEn?: string;
  descriptionZh?: string;
  descriptionEn?: string;
  damageZh?: string;
  damageEn?: string;
  controlZh?: string;
  controlEn?: string;
  ingredients?: string;
  aliases?: string;
  images?: string[];
}

const LONG = ['descriptionZh', 'descriptionEn', 'damageZh', 'damageEn', 'controlZh', 'controlEn'] as const;

/** Adds an entry, or edits one (a platform entry becomes the tenant's own version on save). */
export function KnowledgeEditModal({
  entry,
  open,
  onClose,
  onSaved,
}: {
  entry: PestKnowledge | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['identify', 'common']);
  const { tenantId } = useShell();
  const message = useMessage();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (entry) {
      const long = Object.fromEntries(LONG.map((k) => [k, entry[k] ?? ''])) as Record<
        (typeof LONG)[number],
        string
      >;
      form.setFieldsValue({
        code: entry.code,
        kind: entry.kind,
        nameZh: entry.nameZh,
        nameEn: entry.nameEn,
        latinName: entry.latinName ?? '',
        cropsZh: entry.cropsZh.join('\n'),
        cropsEn: entry.cropsEn.join('\n'),
        ingredients: entry.ingredients.join('\n'),
        aliases: entry.aliases.join('\n'),
        images: entry.images,
        ...long,
      });
    } else {
      form.setFieldsValue({ kind: 'pest', images: [] });
    }
  }, [open, entry, form]);

  const save = async () => {
    const v = await form.validateFields();
    const body: Omit<PestKnowledgeCreateBody, 'code'> = {
      kind: v.kind,
      nameZh: v.nameZh,
      nameEn: v.nameEn,
      latinName: v.latinName ?? '',
      cropsZh: linesOf(v.cropsZh),
      cropsEn: linesOf(v.cropsEn),
      ingredients: linesOf(v.ingredients),
      aliases: linesOf(v.aliases),
      images: v.images ?? [],
      inputIds: entry?.inputIds ?? [],
      ...Object.fromEntries(LONG.map((k) => [k, v[k] ?? ''])),
    };
    setSaving(true);
    try {
      if (entry) {
        await identifyApi.update(tenantId, entry.knowledgeId, {
          ...body,
          objectVersionNumber: entry.objectVersionNumber,
        });
      } else {
        await identifyApi.create(tenantId, { ...body, code: v.code });
      }
      message.success(t('identify:knowledge.saved'));
      onSaved();
    } catch {
      // The API client showed why (stale version, code taken …); the form stays open.
    } finally {
      setSaving(false);
    }
  };

  const required = { required: true, whitespace: true, message: t('common:validation.required') };
  return (
    <Modal
      open={open}
      width={760}
      title={entry ? t('identify:knowledge.edit') : t('identify:knowledge.add')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      {entry?.origin === 'platform' && (
        <p style={{ color: 'var(--ant-color-warning-text)' }}>{t('identify:knowledge.overrideHint')}</p>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        {!entry && (
          <Form.Item
            name="code"
            label={t('identify:knowledge.code')}
            extra={t('identify:knowledge.codeHint')}
            rules={[required, { pattern: /^[a-z0-9][a-z0-9-]*$/, message: t('identify:knowledge.codeRule') }]}
          >
            <Input maxLength={PEST_CODE_MAX} />
          </Form.Item>
        )}
        <Form.Item name="kind" label={t('identify:knowledge.kind')}>
          <Radio.Group
            options={(['pest', 'disease'] as const).map((k) => ({
              value: k,
              label: t(`identify:kind.${k}`),
            }))}
          />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
          <Form.Item name="nameZh" label={t('identify:knowledge.nameZh')} rules={[required]}>
            <Input maxLength={PEST_NAME_MAX} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('identify:knowledge.nameEn')} rules={[required]}>
            <Input maxLength={PEST_NAME_MAX} />
          </Form.Item>
          <Form.Item
            name="cropsZh"
            label={t('identify:knowledge.cropsZh')}
            extra={t('identify:knowledge.listHint')}
          >
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
          <Form.Item name="cropsEn" label={t('identify:knowledge.cropsEn')}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
          {LONG.map((k) => (
            <Form.Item key={k} name={k} label={t(`identify:knowledge.${k}`)}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={PEST_TEXT_MAX} />
            </Form.Item>
          ))}
          <Form.Item
            name="ingredients"
            label={t('identify:knowledge.ingredients')}
            extra={t('identify:knowledge.ingredientsHint')}
          >
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
          <Form.Item
            name="aliases"
            label={t('identify:knowledge.aliases')}
            extra={t('identify:knowledge.aliasesHint')}
          >
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
          <Form.Item name="images" label={t('identify:knowledge.images')} style={{ gridColumn: '1 / -1' }}>
            <ImageListField
              max={9}
              size={88}
              accept={PHOTO_ACCEPT.split(',')}
              check={(f) => {
                const r = checkPhoto(f);
                return r === 'upload.type' ? 'type' : r === 'upload.tooLarge' ? 'size' : null;
              }}
              upload={(f) => identifyApi.uploadImage(tenantId, f)}
              labels="identify:images"
              renderImages={(urls, remove) =>
                urls.map((u) => (
                  <span key={u} style={{ position: 'relative', display: 'inline-block' }}>
                    <PhotoImage url={u} size={88} alt="" />
                    {remove(u)}
                  </span>
                ))
              }
            />
          </Form.Item>
          <Form.Item name="latinName" label={t('identify:knowledge.latin')}>
            <Input maxLength={PEST_NAME_MAX * 2} />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}

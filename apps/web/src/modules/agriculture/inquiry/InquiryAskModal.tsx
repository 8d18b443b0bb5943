import { useQuery } from '@tanstack/react-query';
import {
  INQUIRY_PHOTO_TYPES,
  INQUIRY_PHOTOS_MAX,
  INQUIRY_QUESTION_MAX,
  INQUIRY_TITLE_MAX,
} from '@tilth/contracts/inquiry.types';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { ImageListField } from '../../../shared/file/ImageListField';
import { useShell } from '../../../shell/ShellContext';
import { InquiryPhoto } from './InquiryPhotos';
import { type AskInput, inquiryApi, inquiryKeys } from './inquiry.api';
import { type AskPrefill, candidatesLine, fileIdOf, photoProblem } from './inquiryText';

type Values = Omit<AskInput, 'photoFileIds'> & { photos: string[] };

export interface InquiryAskModalProps {
  open: boolean;
  prefill: AskPrefill | null;
  onClose: () => void;
  onAsked: (id: number) => void;
}

/** The farmer's question: crop, plot, batch on that plot, photos, urgency and whom to ask. */
export function InquiryAskModal({ open, prefill, onClose, onAsked }: InquiryAskModalProps) {
  const { t } = useTranslation(['inquiry', 'common']);
  const { tenantId } = useShell();
  const [form] = Form.useForm<Values>();
  const [uploading, setUploading] = useState(false);
  // The new inquiry's id, read when the save is done (the thread opens on it).
  const askedId = useRef<number | null>(null);
  const submit = useSubmit(inquiryKeys.all(tenantId), () => {
    onClose();
    if (askedId.current !== null) onAsked(askedId.current);
  });
  const options = useQuery({
    queryKey: inquiryKeys.options(tenantId),
    queryFn: () => inquiryApi.options(tenantId),
    enabled: open,
  });
  const landId = Form.useWatch('landId', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      urgency: 'normal',
      audience: 'tenant',
      photos: prefill?.photoUrl ? [prefill.photoUrl] : [],
      ...(prefill?.cropId ? { cropId: prefill.cropId } : {}),
      identificationNote: prefill?.identificationId
        ? t('ask.fromIdentification', { id: prefill.identificationId })
        : '',
    });
  }, [open, prefill, form, t]);
  // The identification's top candidates join the note when its API answers (else the photo alone goes).
  const identification = useQuery({
    queryKey: ['inquiry', tenantId, 'identification', prefill?.identificationId],
    queryFn: () => inquiryApi.identification(tenantId, prefill?.identificationId ?? ''),
    enabled: open && Boolean(prefill?.identificationId),
    retry: false,
  });
  useEffect(() => {
    const found = identification.data;
    if (!open || !found || found.candidates.length === 0) return;
    const line = candidatesLine(found.candidates, (n) => `${Math.round(n * 100)}%`);
    form.setFieldValue(
      'identificationNote',
      t('ask.identificationCandidates', { id: found.identificationId, candidates: line }),
    );
  }, [open, identification.data, form, t]);

  const batches = (options.data?.batches ?? []).filter((b) => b.landId === landId);
  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { photos, ...rest } = values;
    const body: AskInput = {
      ...rest,
      batchId: rest.batchId ?? null,
      photoFileIds: photos.map(fileIdOf).filter((x): x is string => x !== null),
    };
    await submit.run(async () => {
      const made = await inquiryApi.ask(tenantId, body);
      askedId.current = made.inquiryId;
    }, t('ask.done'));
  };
  const required = { required: true, whitespace: true, message: t('form.required') };
  const chosen = { required: true, message: t('form.required') };
  return (
    <Modal
      open={open}
      width={640}
      title={t('ask.title')}
      okText={t('ask.submit')}
      cancelText={t('common:action.cancel')}
      confirmLoading={submit.busy}
      okButtonProps={{ disabled: uploading }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" className="tl-inquiry-form">
        <Form.Item name="title" label={t('field.title')} rules={[required, { max: INQUIRY_TITLE_MAX }]}>
          <Input maxLength={INQUIRY_TITLE_MAX} showCount placeholder={t('ask.titleHint')} />
        </Form.Item>
        <Form.Item
          name="question"
          label={t('field.question')}
          rules={[required, { max: INQUIRY_QUESTION_MAX }]}
        >
          <Input.TextArea maxLength={INQUIRY_QUESTION_MAX} showCount autoSize={{ minRows: 4, maxRows: 10 }} />
        </Form.Item>
        <div className="tl-inquiry-row">
          <Form.Item name="cropId" label={t('field.crop')} rules={[chosen]}>
            <Select
              showSearch
              optionFilterProp="label"
              loading={options.isPending}
              options={(options.data?.crops ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
          <Form.Item name="landId" label={t('field.land')} rules={[chosen]}>
            <Select
              showSearch
              optionFilterProp="label"
              loading={options.isPending}
              options={(options.data?.lands ?? []).map((l) => ({ value: l.id, label: l.name }))}
              onChange={() => form.setFieldValue('batchId', undefined)}
            />
          </Form.Item>
          <Form.Item name="batchId" label={t('field.batch')}>
            <Select
              allowClear
              disabled={!landId}
              placeholder={landId ? t('ask.batchOptional') : t('ask.batchNeedsLand')}
              options={batches.map((b) => ({ value: b.id, label: b.name }))}
              onChange={(id?: number) => {
                const b = batches.find((x) => x.id === id);
                if (b) form.setFieldValue('cropId', b.cropId);
              }}
            />
          </Form.Item>
        </div>
        <Form.Item name="photos" label={t('field.photos')}>
          <ImageListField
            max={INQUIRY_PHOTOS_MAX}
            accept={INQUIRY_PHOTO_TYPES}
            check={photoProblem}
            upload={async (file) => (await inquiryApi.uploadPhoto(tenantId, file)).fileUrl}
            onBusyChange={setUploading}
            labels="inquiry:photos"
            size={88}
            renderImages={(urls, remove) =>
              urls.map((u) => <InquiryPhoto key={u} url={u} size={88} remove={remove(u)} />)
            }
          />
        </Form.Item>
        <div className="tl-inquiry-row">
          <Form.Item name="urgency" label={t('field.urgency')}>
            <Radio.Group
              optionType="button"
              options={(['low', 'normal', 'urgent'] as const).map((u) => ({
                value: u,
                label: t(`urgency.${u}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="audience" label={t('field.audience')}>
            <Radio.Group
              options={(['tenant', 'pool'] as const).map((a) => ({ value: a, label: t(`audience.${a}`) }))}
            />
          </Form.Item>
        </div>
        <Form.Item noStyle shouldUpdate>
          {() =>
            form.getFieldValue('identificationNote') ? (
              <Alert type="info" showIcon message={form.getFieldValue('identificationNote')} />
            ) : null
          }
        </Form.Item>
        <Form.Item name="identificationNote" hidden>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

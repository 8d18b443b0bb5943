import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../../shared/crud/useSubmit';
import { PromoVideoSelect } from '../../../content/media/PromoVideoSelect';
import { seedApi, seedKeys } from '../api/seed.api';
import {
  CROP_EN_NAME_MAX,
  CROP_NAME_MAX,
  SEED_ATTRIBUTES_MAX,
  SEED_EN_NAME_MAX,
  SEED_ITEM_DESCRIPTION_MAX,
  SEED_ITEM_EN_NAME_MAX,
  SEED_ITEM_NAME_MAX,
  SEED_NAME_MAX,
  SEED_PRACTICES_MAX,
  SEED_PUBLICITY_MAX,
  type SeedFormValues,
  toCreateBody,
  toFormValues,
  toUpdateBody,
} from '../seedForm';
import { ImageUpload } from './ImageUpload';

interface SeedFormDrawerProps {
  tenantId: number;
  open: boolean;
  /** null: a new product. */
  seedId: number | null;
  onClose: () => void;
}

/** Add or edit a seed product with its planting methods and product attributes. */
export function SeedFormDrawer({ tenantId, open, seedId, onClose }: SeedFormDrawerProps) {
  const { t } = useTranslation(['farmSeed', 'common']);
  const [form] = Form.useForm<SeedFormValues>();
  const { busy, run } = useSubmit(seedKeys.all(tenantId), onClose);
  const product = useQuery({
    queryKey: seedKeys.one(tenantId, seedId ?? 0),
    queryFn: () => seedApi.get(tenantId, seedId ?? 0),
    enabled: open && seedId !== null,
  });
  const loaded = seedId === null ? null : (product.data ?? null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(toFormValues(loaded));
  }, [open, loaded, form]);

  const max = (n: number) => ({ max: n, message: t('common:validation.maxLength', { max: n }) });
  const required = { required: true, whitespace: true, message: t('common:validation.required') };

  const submit = async (values: SeedFormValues) => {
    if (seedId !== null && !loaded) return;
    await run(async () => {
      if (loaded) await seedApi.update(tenantId, toUpdateBody(loaded, values));
      else await seedApi.create(tenantId, toCreateBody(values));
    }, t('common:message.saved'));
  };

  return (
    <Drawer
      open={open}
      size="large"
      title={seedId === null ? t('farmSeed:form.addTitle') : t('farmSeed:form.editTitle')}
      onClose={onClose}
      forceRender
      extra={
        <Space>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()}>
            {t('common:action.save')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={seedId !== null && product.isFetching}>
        <Form<SeedFormValues>
          form={form}
          name="seedForm"
          layout="vertical"
          onFinish={(v) => void submit(v)}
          className="tl-seed-form"
        >
          <div className="tl-seed-form__grid">
            <Form.Item
              name="cropName"
              label={t('farmSeed:field.cropName')}
              rules={[required, max(CROP_NAME_MAX)]}
            >
              <Input maxLength={CROP_NAME_MAX} />
            </Form.Item>
            <Form.Item
              name="corpEnName"
              label={t('farmSeed:field.corpEnName')}
              rules={[max(CROP_EN_NAME_MAX)]}
            >
              <Input maxLength={CROP_EN_NAME_MAX} />
            </Form.Item>
            <Form.Item
              name="seedName"
              label={t('farmSeed:field.seedName')}
              rules={[required, max(SEED_NAME_MAX)]}
            >
              <Input maxLength={SEED_NAME_MAX} />
            </Form.Item>
            <Form.Item
              name="seedEnName"
              label={t('farmSeed:field.seedEnName')}
              rules={[max(SEED_EN_NAME_MAX)]}
            >
              <Input maxLength={SEED_EN_NAME_MAX} />
            </Form.Item>
          </div>
          <Form.Item name="publicity" label={t('farmSeed:field.publicity')} rules={[max(SEED_PUBLICITY_MAX)]}>
            <Input.TextArea rows={2} maxLength={SEED_PUBLICITY_MAX} showCount />
          </Form.Item>
          <div className="tl-seed-form__grid">
            <Form.Item name="imageUrl" label={t('farmSeed:field.imageUrl')} extra={t('farmSeed:image.hint')}>
              <ImageUpload tenantId={tenantId} size={120} />
            </Form.Item>
            <Form.Item
              name="enabled"
              label={t('farmSeed:field.enabled')}
              valuePropName="checked"
              extra={t('farmSeed:field.enabledHint')}
            >
              <Switch />
            </Form.Item>
          </div>
          <Form.Item
            name="promoVideoId"
            label={t('farmSeed:field.promoVideo')}
            extra={t('farmSeed:promoVideo.hint')}
          >
            <PromoVideoSelect
              tenantId={tenantId}
              current={loaded?.promoVideo ?? null}
              placeholder={t('farmSeed:promoVideo.placeholder')}
              emptyText={t('farmSeed:promoVideo.empty')}
            />
          </Form.Item>

          <h4 className="tl-seed-form__section">{t('farmSeed:practice.title')}</h4>
          <Form.List name="farmingPractices">
            {(items, { add, remove }) => (
              <>
                {items.map((item, i) => (
                  <div key={item.key} className="tl-seed-card-edit">
                    <div className="tl-seed-card-edit__head">
                      <span>{t('farmSeed:practice.item', { n: i + 1 })}</span>
                      <Button
                        type="text"
                        danger
                        size="small"
                        icon={<DeleteOutlined />}
                        onClick={() => remove(item.name)}
                      >
                        {t('common:action.delete')}
                      </Button>
                    </div>
                    <div className="tl-seed-card-edit__body">
                      <Form.Item name={[item.name, 'imageUrl']} label={t('farmSeed:field.image')}>
                        <ImageUpload tenantId={tenantId} size={88} />
                      </Form.Item>
                      <div>
                        <Form.Item
                          name={[item.name, 'name']}
                          label={t('farmSeed:field.itemName')}
                          rules={[required, max(SEED_ITEM_NAME_MAX)]}
                        >
                          <Input maxLength={SEED_ITEM_NAME_MAX} />
                        </Form.Item>
                        <Form.Item
                          name={[item.name, 'description']}
                          label={t('farmSeed:field.description')}
                          extra={t('farmSeed:field.descriptionHint')}
                          rules={[max(SEED_ITEM_DESCRIPTION_MAX)]}
                        >
                          <Input.TextArea rows={3} maxLength={SEED_ITEM_DESCRIPTION_MAX} />
                        </Form.Item>
                      </div>
                    </div>
                  </div>
                ))}
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  disabled={items.length >= SEED_PRACTICES_MAX}
                  onClick={() => add({ name: '', imageUrl: '', description: '' })}
                >
                  {t('farmSeed:practice.add', { max: SEED_PRACTICES_MAX })}
                </Button>
              </>
            )}
          </Form.List>

          <h4 className="tl-seed-form__section">{t('farmSeed:attribute.title')}</h4>
          <Form.List name="productAttributes">
            {(items, { add, remove }) => (
              <>
                {items.map((item, i) => (
                  <div key={item.key} className="tl-seed-card-edit">
                    <div className="tl-seed-card-edit__head">
                      <span>{t('farmSeed:attribute.item', { n: i + 1 })}</span>
                      <Button
                        type="text"
                        danger
                        size="small"
                        icon={<DeleteOutlined />}
                        onClick={() => remove(item.name)}
                      >
                        {t('common:action.delete')}
                      </Button>
                    </div>
                    <div className="tl-seed-card-edit__body">
                      <Form.Item name={[item.name, 'imageUrl']} label={t('farmSeed:field.image')}>
                        <ImageUpload tenantId={tenantId} size={88} />
                      </Form.Item>
                      <div>
                        <div className="tl-seed-form__grid">
                          <Form.Item
                            name={[item.name, 'name']}
                            label={t('farmSeed:field.itemName')}
                            rules={[required, max(SEED_ITEM_NAME_MAX)]}
                          >
                            <Input maxLength={SEED_ITEM_NAME_MAX} />
                          </Form.Item>
                          <Form.Item
                            name={[item.name, 'enName']}
                            label={t('farmSeed:field.itemEnName')}
                            rules={[max(SEED_ITEM_EN_NAME_MAX)]}
                          >
                            <Input maxLength={SEED_ITEM_EN_NAME_MAX} />
                          </Form.Item>
                        </div>
                        <Form.Item
                          name={[item.name, 'description']}
                          label={t('farmSeed:field.description')}
                          extra={t('farmSeed:field.descriptionHint')}
                          rules={[max(SEED_ITEM_DESCRIPTION_MAX)]}
                        >
                          <Input.TextArea rows={3} maxLength={SEED_ITEM_DESCRIPTION_MAX} />
                        </Form.Item>
                      </div>
                    </div>
                  </div>
                ))}
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  disabled={items.length >= SEED_ATTRIBUTES_MAX}
                  onClick={() => add({ name: '', enName: '', imageUrl: '', description: '' })}
                >
                  {t('farmSeed:attribute.add', { max: SEED_ATTRIBUTES_MAX })}
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </Spin>
    </Drawer>
  );
}

import { CATEGORY_NAME_MAX, type Category } from '@tilth/contracts/article.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { articleKeys, categoryApi } from './article.api';

export interface CategoryModalProps {
  tenantId: number;
  /** A new category under `parent` (null: top level), or the one being edited. */
  target: { mode: 'add'; parent: Category | null } | { mode: 'edit'; category: Category } | null;
  onClose: () => void;
}

interface CategoryForm {
  categoryName: string;
  categoryEnName?: string;
  enabled: boolean;
}

/** Adds or renames a category: its Chinese and English names and whether it is enabled. */
export function CategoryModal({ tenantId, target, onClose }: CategoryModalProps) {
  const { t } = useTranslation(['contentArticle', 'common']);
  const [form] = Form.useForm<CategoryForm>();
  const submit = useSubmit(articleKeys.categories(tenantId), onClose);
  const editing = target?.mode === 'edit' ? target.category : null;

  useEffect(() => {
    if (!target) return;
    form.setFieldsValue(
      editing
        ? {
            categoryName: editing.categoryName,
            categoryEnName: editing.categoryEnName ?? '',
            enabled: editing.enabledFlag === 1,
          }
        : { categoryName: '', categoryEnName: '', enabled: true },
    );
  }, [target, editing, form]);

  const save = async () => {
    const v = await form.validateFields();
    const names = {
      categoryName: v.categoryName.trim(),
      categoryEnName: (v.categoryEnName ?? '').trim() || null,
    };
    await submit.run(
      () =>
        editing
          ? categoryApi.update(tenantId, {
              id: editing.id,
              ...names,
              enabledFlag: v.enabled ? 1 : 0,
              objectVersionNumber: editing.objectVersionNumber,
            })
          : categoryApi.create(tenantId, {
              ...names,
              parentId: target?.mode === 'add' ? (target.parent?.id ?? null) : null,
              enabledFlag: v.enabled ? 1 : 0,
            }),
      t('common:message.saved'),
    );
  };

  const parent = target?.mode === 'add' ? target.parent : null;
  return (
    <Modal
      open={target !== null}
      title={
        editing
          ? t('contentArticle:category.edit')
          : parent
            ? t('contentArticle:category.addChildOf', { name: parent.categoryName })
            : t('contentArticle:category.add')
      }
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={submit.busy}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="categoryName"
          label={t('contentArticle:category.name')}
          rules={[
            { required: true, whitespace: true, message: t('contentArticle:category.nameRequired') },
            { max: CATEGORY_NAME_MAX, message: t('contentArticle:tooLong', { max: CATEGORY_NAME_MAX }) },
          ]}
        >
          <Input maxLength={CATEGORY_NAME_MAX} showCount data-testid="category-name" />
        </Form.Item>
        <Form.Item
          name="categoryEnName"
          label={t('contentArticle:category.enName')}
          rules={[
            { max: CATEGORY_NAME_MAX, message: t('contentArticle:tooLong', { max: CATEGORY_NAME_MAX }) },
          ]}
        >
          <Input maxLength={CATEGORY_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="enabled" label={t('contentArticle:category.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

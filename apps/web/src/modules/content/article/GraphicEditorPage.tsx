import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ARTICLE_LABEL_MAX,
  ARTICLE_SOURCE_MAX,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
  articleActionAllowed,
} from '@tilth/contracts/article.types';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import TreeSelect from 'antd/es/tree-select';
import Typography from 'antd/es/typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../shared/FeedbackProvider';
import { formatDateTime } from '../../../shared/format/time';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { RichTextEditor } from '../../../shared/richtext';
import { useShell } from '../../../shell/ShellContext';
import { ARTICLE_CODES, type Article, articleApi, articleKeys, categoryApi } from './article.api';
import { categoryTree, STATUS_COLOR } from './articleModel';
import { editorIdOf, editorPath } from './articlePaths';
import { CoverField } from './CoverField';
import { RevisionsDrawer } from './RevisionsDrawer';
import { ScheduleModal } from './ScheduleModal';
import { useArticleActions } from './useArticleActions';
import { usePicturePicker } from './usePicturePicker';
import './article.css';

interface EditorForm {
  title: string;
  categoryId: number | null;
  coverPicture: string | null;
  label: string;
  articleSource: string;
  summary: string;
  carousel: boolean;
  content: string;
}

const EMPTY: EditorForm = {
  title: '',
  categoryId: null,
  coverPicture: null,
  label: '',
  articleSource: '',
  summary: '',
  carousel: false,
  content: '',
};

const formOf = (a: Article): EditorForm => ({
  title: a.title,
  categoryId: a.categoryId,
  coverPicture: a.coverPicture,
  label: a.label ?? '',
  articleSource: a.articleSource ?? '',
  summary: a.summary ?? '',
  carousel: a.carouselFlag === 1,
  content: a.content,
});

/** Form.Item's value/onChange for the shared editor. */
function BodyField(props: {
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
  placeholder: string;
  onPickImage: () => Promise<{ src: string; alt?: string } | null>;
}) {
  return (
    <RichTextEditor
      value={props.value ?? ''}
      onChange={(html) => props.onChange?.(html)}
      placeholder={props.placeholder}
      disabled={props.disabled}
      onPickImage={props.onPickImage}
      minHeight={420}
    />
  );
}

/** The graphic editor (/system/graphic-editor, ?id= for an article): write, save revisions, publish. */
export function GraphicEditorPage() {
  const { t, i18n } = useTranslation(['contentArticle', 'common', 'richtext']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const message = useMessage();
  const { modal } = App.useApp();
  const [search] = useSearchParams();
  const id = editorIdOf(search);
  const [form] = Form.useForm<EditorForm>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [history, setHistory] = useState(false);
  const canCreate = usePermissions([ARTICLE_CODES.create]).allowed;
  const canEdit = usePermissions([ARTICLE_CODES.edit]).allowed;
  const canPublish = usePermissions([ARTICLE_CODES.publish]).allowed;
  const canDelete = usePermissions([ARTICLE_CODES.delete]).allowed;

  const loaded = useQuery({
    queryKey: articleKeys.one(tenantId, id ?? 0),
    queryFn: () => articleApi.get(tenantId, id ?? 0),
    enabled: id !== null,
  });
  const article = id === null ? null : (loaded.data ?? null);
  const categories = useQuery({
    queryKey: articleKeys.categories(tenantId),
    queryFn: () => categoryApi.list(tenantId),
  });
  const tree = useMemo(
    () => categoryTree(categories.data ?? [], i18n.language, { keep: article?.categoryId ?? null }),
    [categories.data, i18n.language, article?.categoryId],
  );

  // The form shows the article as loaded; a newer version (saved, restored, published) replaces it.
  const shownVersion = useRef<string>('');
  useEffect(() => {
    const key = article ? `${article.id}:${article.objectVersionNumber}` : `new:${id}`;
    if (shownVersion.current === key) return;
    if (id !== null && !article) return;
    shownVersion.current = key;
    form.setFieldsValue(article ? formOf(article) : EMPTY);
    setDirty(false);
  }, [article, id, form]);

  // Leaving with unsaved changes asks first (the browser's own prompt).
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const show = (a: Article) => {
    queryClient.setQueryData(articleKeys.one(tenantId, a.id), a);
    void queryClient.invalidateQueries({ queryKey: articleKeys.list(tenantId) });
    void queryClient.invalidateQueries({ queryKey: articleKeys.revisions(tenantId, a.id) });
  };
  const actions = useArticleActions(tenantId, (a) => {
    if (a) show(a);
    else navigate('/system/article');
  });

  const frozen = article?.status === 'review';
  const mayWrite = article ? canEdit && !frozen : canCreate;

  /** Saves the form (a new revision); answers the saved article, or null when refused. */
  const save = async (quiet = false): Promise<Article | null> => {
    let v: EditorForm;
    try {
      v = await form.validateFields();
    } catch {
      return null;
    }
    const body = {
      title: v.title,
      categoryId: v.categoryId ?? null,
      coverPicture: v.coverPicture ?? null,
      label: v.label ?? '',
      articleSource: v.articleSource ?? '',
      summary: v.summary ?? '',
      carouselFlag: v.carousel ? (1 as const) : (0 as const),
      content: v.content ?? '',
    };
    setSaving(true);
    try {
      const saved = article
        ? await articleApi.save(tenantId, {
            ...body,
            id: article.id,
            objectVersionNumber: article.objectVersionNumber,
          })
        : await articleApi.create(tenantId, body);
      shownVersion.current = `${saved.id}:${saved.objectVersionNumber}`;
      show(saved);
      form.setFieldsValue(formOf(saved));
      setDirty(false);
      if (!quiet) message.success(t('contentArticle:done.saved', { n: saved.revision }));
      if (!article) navigate(editorPath(saved.id), { replace: true });
      return saved;
    } catch {
      return null;
    } finally {
      setSaving(false);
    }
  };

  /** The article as the server has it, saved first when the form has changes (publish acts on it). */
  const current = async (): Promise<Article | null> => (dirty || !article ? save(true) : article);

  const publish = async () => {
    const a = await current();
    if (a) await actions.publish(a);
  };
  const schedule = async () => {
    const a = await current();
    if (a) actions.setScheduling(a);
  };

  // Pictures come from the picture library (upload there, in the picker): their usage is counted.
  const pictures = usePicturePicker();

  const restore = (revision: number) =>
    modal.confirm({
      title: t('contentArticle:revisions.restoreConfirm', { n: revision }),
      content: dirty ? t('contentArticle:revisions.restoreDirty') : t('contentArticle:revisions.restoreHelp'),
      okText: t('contentArticle:revisions.restore'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        if (!article) return;
        try {
          const a = await articleApi.restore(tenantId, article.id, revision, article.objectVersionNumber);
          show(a);
          message.success(t('contentArticle:done.restored', { n: revision, m: a.revision }));
          setHistory(false);
        } catch {
          // Shown by the API client.
        }
      },
    });

  if (id !== null && loaded.isError) {
    return (
      <section className="tl-card">
        <EmptyState variant="noData" title={t('contentArticle:editor.notFound')} />
      </section>
    );
  }
  if (id !== null && !article) {
    return (
      <section className="tl-card" style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </section>
    );
  }

  const allowed = (a: 'publish' | 'schedule' | 'withdraw' | 'delete') =>
    article ? articleActionAllowed(article.status, a) : a === 'publish' || a === 'schedule';

  return (
    <section className="tl-card" data-testid="graphic-editor">
      <div className="tl-article-editor__bar">
        <Space wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {article ? t('contentArticle:editor.editTitle') : t('contentArticle:editor.newTitle')}
          </Typography.Title>
          {article ? (
            <>
              <Tag color={STATUS_COLOR[article.status]} data-testid="editor-status">
                {t(`contentArticle:status.${article.status}`)}
              </Tag>
              <Typography.Text type="secondary" data-testid="editor-revision">
                {t('contentArticle:editor.revisionAt', {
                  n: article.revision,
                  at: formatDateTime(article.lastUpdateDate),
                })}
              </Typography.Text>
            </>
          ) : null}
          {dirty ? <Tag color="warning">{t('contentArticle:editor.unsaved')}</Tag> : null}
        </Space>
        <Space wrap>
          {article ? (
            <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)} data-testid="open-history">
              {t('contentArticle:revisions.open')}
            </Button>
          ) : null}
          {mayWrite ? (
            <Button onClick={() => void save()} loading={saving} data-testid="save-draft">
              {article?.status === 'published'
                ? t('contentArticle:action.update')
                : t('contentArticle:action.save')}
            </Button>
          ) : null}
          {canPublish && mayWrite && allowed('schedule') ? (
            <Button onClick={() => void schedule()} disabled={saving || actions.busy} data-testid="schedule">
              {t('contentArticle:action.schedule')}
            </Button>
          ) : null}
          {canPublish && mayWrite && allowed('publish') ? (
            <Button
              type="primary"
              onClick={() => void publish()}
              loading={actions.busy}
              disabled={saving}
              data-testid="publish"
            >
              {t('contentArticle:action.publish')}
            </Button>
          ) : null}
          {canPublish && article && allowed('withdraw') ? (
            <Button onClick={() => actions.withdraw(article)}>{t('contentArticle:action.withdraw')}</Button>
          ) : null}
          {canDelete && article && allowed('delete') ? (
            <Button danger onClick={() => actions.remove(article)}>
              {t('common:action.delete')}
            </Button>
          ) : null}
        </Space>
      </div>
      {article?.status === 'review' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('contentArticle:editor.inReview')}
        />
      ) : null}
      {article?.status === 'rejected' ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('contentArticle:editor.rejected')}
          description={article.reviewComment || t('contentArticle:editor.noComment')}
        />
      ) : null}
      {article?.status === 'scheduled' && article.publishAt ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('contentArticle:editor.scheduled', { at: formatDateTime(article.publishAt) })}
        />
      ) : null}
      <Form<EditorForm>
        form={form}
        layout="vertical"
        initialValues={EMPTY}
        disabled={!mayWrite}
        onValuesChange={() => setDirty(true)}
      >
        <div className="tl-article-editor">
          <div>
            <Form.Item
              name="title"
              className="tl-article-editor__title"
              rules={[
                { required: true, whitespace: true, message: t('contentArticle:editor.titleRequired') },
                { max: ARTICLE_TITLE_MAX, message: t('contentArticle:tooLong', { max: ARTICLE_TITLE_MAX }) },
              ]}
            >
              <Input
                size="large"
                maxLength={ARTICLE_TITLE_MAX}
                showCount
                placeholder={t('contentArticle:editor.titlePlaceholder')}
                aria-label={t('contentArticle:field.title')}
                data-testid="article-title"
              />
            </Form.Item>
            <Form.Item name="content">
              <BodyField
                placeholder={t('contentArticle:editor.bodyPlaceholder')}
                disabled={!mayWrite}
                onPickImage={pictures.pick}
              />
            </Form.Item>
          </div>
          <div>
            <Form.Item name="categoryId" label={t('contentArticle:field.category')}>
              <TreeSelect
                treeData={tree}
                allowClear
                treeDefaultExpandAll
                placeholder={t('contentArticle:editor.categoryPlaceholder')}
                data-testid="article-category"
              />
            </Form.Item>
            <Form.Item name="coverPicture" label={t('contentArticle:field.cover')}>
              <CoverField disabled={!mayWrite} onPick={pictures.pick} />
            </Form.Item>
            <Form.Item
              name="label"
              label={t('contentArticle:field.label')}
              rules={[
                { max: ARTICLE_LABEL_MAX, message: t('contentArticle:tooLong', { max: ARTICLE_LABEL_MAX }) },
              ]}
            >
              <Input maxLength={ARTICLE_LABEL_MAX} />
            </Form.Item>
            <Form.Item
              name="articleSource"
              label={t('contentArticle:field.source')}
              rules={[
                {
                  max: ARTICLE_SOURCE_MAX,
                  message: t('contentArticle:tooLong', { max: ARTICLE_SOURCE_MAX }),
                },
              ]}
            >
              <Input
                maxLength={ARTICLE_SOURCE_MAX}
                placeholder={t('contentArticle:editor.sourcePlaceholder')}
              />
            </Form.Item>
            <Form.Item
              name="summary"
              label={t('contentArticle:field.summary')}
              rules={[
                {
                  max: ARTICLE_SUMMARY_MAX,
                  message: t('contentArticle:tooLong', { max: ARTICLE_SUMMARY_MAX }),
                },
              ]}
            >
              <Input.TextArea rows={4} maxLength={ARTICLE_SUMMARY_MAX} showCount />
            </Form.Item>
            <Form.Item
              name="carousel"
              label={t('contentArticle:field.carousel')}
              valuePropName="checked"
              extra={t('contentArticle:editor.carouselHelp')}
            >
              <Switch />
            </Form.Item>
          </div>
        </div>
      </Form>
      {article ? (
        <RevisionsDrawer
          tenantId={tenantId}
          article={article}
          open={history}
          onClose={() => setHistory(false)}
          onRestore={restore}
          canRestore={canEdit && !frozen}
        />
      ) : null}
      {pictures.modal}
      <ScheduleModal
        open={actions.scheduling !== null}
        current={article?.publishAt ?? null}
        busy={actions.busy}
        onCancel={() => actions.setScheduling(null)}
        onOk={(at) => {
          if (actions.scheduling) void actions.schedule(actions.scheduling, at);
        }}
      />
    </section>
  );
}

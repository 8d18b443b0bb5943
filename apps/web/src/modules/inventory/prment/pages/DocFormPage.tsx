import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { nowInZone } from '../../../../shared/format/time';
import { useShell } from '../../../../shell/ShellContext';
import { useClosePage } from '../../../../shell/tabs/closePage';
import { ApprovalRouteHint } from '../../../farm/approval/ChooseApproversForm';
import { useApproverChoice } from '../../../farm/approval/useApproverChoice';
import { type ConvertTarget, type InvDocDetail, type InvSku, invDocApi, invDocKeys } from '../api/invDoc.api';
import { HeaderFields, useWarehouses } from '../components/HeaderFields';
import { LineEditor, type SkuInfo } from '../components/LineEditor';
import { returnTarget } from '../components/useDocActions';
import { docApprovalFields } from '../docModel';
import { APPROVAL_TYPE, DOC_PATHS, type InvDocType } from '../docTypes';
import {
  bodyOfValues,
  type DocFormValues,
  mergeBook,
  valuesOfConvert,
  valuesOfDoc,
  withBookSkus,
  withLineSkus,
} from '../formModel';

export type FormMode =
  | { kind: 'add' }
  | { kind: 'edit' }
  | { kind: 'resubmit' }
  /** `to: 'return-target'`: a return converts into what moves it (returnTarget); an inbound into a return. */
  | { kind: 'convert'; to: ConvertTarget | 'return-target' };

const safeId = (id: string | undefined): number | null => {
  const n = Number(id);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** Add, edit, resubmit or convert-into a document of `type`, with its header, lines and approval submit. */
export function DocFormPage({ type: routeType, mode }: { type: InvDocType; mode: FormMode }) {
  const { t } = useTranslation(['invDoc', 'farm', 'common']);
  const { tenantId } = useShell();
  const params = useParams();
  const id = mode.kind === 'add' ? null : safeId(params.id);
  const navigate = useNavigate();
  const closePage = useClosePage();
  const message = useMessage();
  const queryClient = useQueryClient();
  const chooseApprovers = useApproverChoice();
  const [form] = Form.useForm<DocFormValues>();
  const [saving, setSaving] = useState(false);
  const [loadingBook, setLoadingBook] = useState(false);
  const [skus, setSkus] = useState<ReadonlyMap<number, SkuInfo>>(new Map());
  const warehouses = useWarehouses();
  const option = useQuery({
    queryKey: invDocKeys.option(tenantId),
    queryFn: () => invDocApi.option(tenantId),
  });

  // Edit / resubmit: the document; convert: the source.
  const loaded = useQuery({
    queryKey: invDocKeys.doc(tenantId, id ?? 0),
    queryFn: () => invDocApi.get(tenantId, id ?? 0),
    enabled: id !== null,
  });
  const source = mode.kind === 'convert' ? loaded.data : undefined;
  const current = mode.kind === 'edit' || mode.kind === 'resubmit' ? loaded.data : undefined;
  // return/convert/{id}: a return is moved by an inbound / outbound; an inbound goes back to its supplier.
  const returnTo: ConvertTarget | null = !source
    ? null
    : source.docType === 'return'
      ? returnTarget(source)
      : 'return';
  const to: ConvertTarget | null =
    mode.kind !== 'convert' ? null : mode.to === 'return-target' ? returnTo : mode.to;
  const type: InvDocType = to ?? routeType;
  const prefill = useQuery({
    queryKey: invDocKeys.convert(tenantId, id ?? 0, to ?? ''),
    queryFn: () => invDocApi.convert(tenantId, id ?? 0, to ?? 'warehousing'),
    enabled: id !== null && to !== null,
  });

  const watchedWarehouse = Form.useWatch('warehouseId', form);
  const watchedLines = Form.useWatch('lines', form);
  const areaId = warehouses.data?.find((w) => w.id === watchedWarehouse)?.areaId ?? null;

  // The lines' own SKUs (a saved document's, a conversion's) until one is picked anew.
  const known = useMemo(
    () => withLineSkus(withLineSkus(skus, current), prefill.data),
    [skus, current, prefill.data],
  );
  // The form mounts once its document is loaded, so these are its first values.
  const initialValues = useMemo<Partial<DocFormValues>>(
    () =>
      prefill.data
        ? valuesOfConvert(prefill.data, source)
        : current
          ? valuesOfDoc(current)
          : { docDate: nowInZone(), lines: [{ quantity: null, unitPrice: null, lotNo: '' }] },
    [prefill.data, source, current],
  );
  useEffect(() => {
    // A new document starts in the tenant's default warehouse.
    const w = option.data?.defaultWarehouseId;
    if (mode.kind === 'add' && w && form.getFieldValue('warehouseId') === undefined) {
      form.setFieldValue('warehouseId', w);
    }
  }, [option.data, mode.kind, form]);

  const addSku = useMemo(() => (sku: InvSku) => setSkus((prev) => new Map(prev).set(sku.skuId, sku)), []);

  if (mode.kind !== 'add' && (id === null || loaded.isError || prefill.isError)) {
    return <EmptyState variant="notFound" title={t('invDoc:notFound')} />;
  }
  if (mode.kind !== 'add' && (!loaded.data || (mode.kind === 'convert' && !prefill.data))) return <Spin />;
  // A document of another type opened under this route: its own page.
  if (current && current.docType !== routeType) {
    return (
      <Navigate
        to={DOC_PATHS[mode.kind === 'resubmit' ? 'info' : 'edit'](current.docType, current.id)}
        replace
      />
    );
  }
  const editable = !current || current.auditState === 'draft' || current.auditState === 'rejected';

  const loadBook = async () => {
    const warehouseId = form.getFieldValue('warehouseId') as number | undefined;
    if (!warehouseId) {
      await form.validateFields(['warehouseId']).catch(() => undefined);
      return;
    }
    setLoadingBook(true);
    try {
      const lines = (form.getFieldValue('lines') as DocFormValues['lines'] | undefined) ?? [];
      const book = await invDocApi.book(tenantId, warehouseId, []);
      const named = withBookSkus(known, book);
      setSkus(named);
      form.setFieldValue(
        'lines',
        mergeBook(
          lines.filter((l) => l?.skuId),
          book,
          named,
        ),
      );
      message.success(t('invDoc:message.bookLoaded', { count: book.length }));
    } catch {
      // Shown by the API client.
    } finally {
      setLoadingBook(false);
    }
  };

  const save = async (submit: boolean) => {
    let v: DocFormValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const fields = docApprovalFields(v.warehouseId, areaId, v.lines);
    setSaving(true);
    try {
      let chosen: Awaited<ReturnType<typeof chooseApprovers>> = null;
      if (submit) {
        chosen = await chooseApprovers(tenantId, APPROVAL_TYPE[type], fields);
        if (!chosen) return;
      }
      const body = bodyOfValues(type, v, { sourceDocId: source?.id ?? null });
      let saved: InvDocDetail;
      if (current) {
        saved = await invDocApi.update(tenantId, current.id, {
          ...body,
          objectVersionNumber: current.objectVersionNumber,
        });
        if (submit)
          saved = await invDocApi.submit(tenantId, saved.id, saved.objectVersionNumber, chosen?.chosen);
      } else {
        saved = await invDocApi.create(tenantId, {
          ...body,
          ...(submit ? { submit: true, ...(chosen?.chosen ? { chosen: chosen.chosen } : {}) } : {}),
        });
      }
      // A 'warn' shortage policy lets a short shipment through: say what is short.
      for (const w of saved.warnings ?? []) message.warning(w.message);
      message.success(
        t(
          saved.auditState === 'submitted'
            ? 'farm:approval.submitted'
            : saved.auditState === 'approved'
              ? 'invDoc:message.approved'
              : 'common:message.saved',
        ),
      );
      await queryClient.invalidateQueries({ queryKey: invDocKeys.all(tenantId) });
      // Saved: the form's tab closes and the document's page shows.
      closePage(DOC_PATHS.info(saved.docType, saved.id));
    } catch {
      // Over-conversion, duplicate line, stale version: the API client showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  const stocktake = type === 'stocktake';
  return (
    <section className="tl-card">
      {source ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <span>
              {t('invDoc:form.from')}{' '}
              <Link to={DOC_PATHS.info(source.docType, source.id)}>
                {t(`invDoc:type.${source.docType}`)} {source.docCode}
              </Link>
              {' · '}
              {t('invDoc:form.maxHint')}
            </span>
          }
        />
      ) : null}
      {current && !editable ? (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('invDoc:form.locked')} />
      ) : null}
      {current?.auditState === 'rejected' ? (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('invDoc:form.rejected')} />
      ) : null}
      <Form<DocFormValues> form={form} layout="vertical" disabled={!editable} initialValues={initialValues}>
        <HeaderFields type={type} locked={mode.kind === 'convert'} />
        {stocktake ? (
          <Space style={{ marginBottom: 8 }}>
            <Button onClick={() => void loadBook()} loading={loadingBook}>
              {t('invDoc:action.loadBook')}
            </Button>
            <span style={{ color: 'var(--ant-color-text-secondary)' }}>{t('invDoc:form.bookHint')}</span>
          </Space>
        ) : null}
        <LineEditor
          form={form}
          skus={known}
          onSku={addSku}
          warehouseId={watchedWarehouse}
          variant={stocktake ? 'stocktake' : 'priced'}
          converted={mode.kind === 'convert'}
          priceFrom={type === 'shipment' ? 'retail' : 'cost'}
        />
        <Form.Item name="remark" label={t('invDoc:field.remark')} style={{ marginTop: 16 }}>
          <Input.TextArea maxLength={500} showCount rows={2} />
        </Form.Item>
      </Form>
      <Space wrap>
        {mode.kind !== 'resubmit' ? (
          <Button onClick={() => void save(false)} loading={saving} disabled={!editable}>
            {t('invDoc:action.saveDraft')}
          </Button>
        ) : null}
        <Button type="primary" onClick={() => void save(true)} loading={saving} disabled={!editable}>
          {t(mode.kind === 'resubmit' ? 'invDoc:action.resubmit' : 'invDoc:action.saveSubmit')}
        </Button>
        <Button onClick={() => navigate(DOC_PATHS.list(routeType))}>{t('common:action.cancel')}</Button>
        <ApprovalRouteHint
          tenantId={tenantId}
          docType={APPROVAL_TYPE[type]}
          fields={docApprovalFields(watchedWarehouse, areaId, watchedLines)}
        />
      </Space>
    </section>
  );
}

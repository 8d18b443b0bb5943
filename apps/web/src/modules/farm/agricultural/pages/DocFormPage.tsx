import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgriDocCreateBody } from '@tilth/contracts/agricultural.types';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSelectedArea } from '../../../../shared/area/areaStore';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { DatePicker } from '../../../../shared/form/DatePicker';
import { fromInstant, nowInZone } from '../../../../shared/format/time';
import { useShell } from '../../../../shell/ShellContext';
import { ApprovalRouteHint } from '../../approval/ChooseApproversForm';
import { agriDocFields } from '../../approval/chooseApprovers';
import { useApproverChoice } from '../../approval/useApproverChoice';
import { AGRI_APPROVAL_TYPE, type AgriDocType, agriApi, agriKeys } from '../api/agricultural.api';
import { LinesTable, type LineValue } from '../components/LinesTable';
import { AGRI_PATHS } from '../paths';

interface FormValues {
  docCode?: string;
  areaId: number;
  docDate: Dayjs;
  counterparty?: string;
  handler?: string;
  remark?: string;
  lines: LineValue[];
}

/** Add ({type}/add) or edit ({type}/edit/{id}) a receipt or an issue with its lines. */
function DocFormPage({ type }: { type: AgriDocType }) {
  const { t } = useTranslation(['agricultural', 'farm', 'common']);
  const { tenantId } = useShell();
  const { id } = useParams();
  const docId = id ? Number(id) : undefined;
  const navigate = useNavigate();
  const message = useMessage();
  const queryClient = useQueryClient();
  const selected = useSelectedArea();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const chooseApprovers = useApproverChoice();
  const watchedArea = Form.useWatch('areaId', form);
  const watchedLines = Form.useWatch('lines', form);
  const bases = useQuery({ queryKey: agriKeys.bases(tenantId), queryFn: () => agriApi.bases(tenantId) });
  const inputs = useQuery({
    queryKey: agriKeys.inputOptions(tenantId),
    queryFn: () => agriApi.inputOptions(tenantId),
  });
  const current = useQuery({
    queryKey: agriKeys.doc(tenantId, type, docId ?? 0),
    queryFn: () => agriApi.doc(tenantId, type, docId ?? 0),
    enabled: docId !== undefined && Number.isSafeInteger(docId),
  });
  const kept = useMemo(() => new Set((current.data?.lines ?? []).map((l) => l.inputId)), [current.data]);

  useEffect(() => {
    const d = current.data;
    if (!d) return;
    form.setFieldsValue({
      docCode: d.docCode,
      areaId: d.areaId,
      docDate: fromInstant(d.docDate),
      counterparty: d.counterparty ?? '',
      handler: d.handler ?? '',
      remark: d.remark ?? '',
      lines: (d.lines ?? []).map((l) => ({
        inputId: l.inputId,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
      })),
    });
  }, [current.data, form]);

  if (docId !== undefined && (current.isError || !Number.isSafeInteger(docId))) {
    return <EmptyState variant="notFound" title={t('agricultural:doc.notFound')} />;
  }
  if (docId !== undefined && !current.data) return <Spin />;

  const submit = async (v: FormValues) => {
    const body: AgriDocCreateBody = {
      docCode: v.docCode?.trim() || null,
      areaId: v.areaId,
      docDate: v.docDate.format('YYYY-MM-DD'),
      counterparty: v.counterparty ?? null,
      handler: v.handler ?? null,
      remark: v.remark ?? null,
      lines: v.lines.map((l) => ({
        inputId: l.inputId ?? 0,
        quantity: l.quantity ?? 0,
        unitPrice: l.unitPrice ?? null,
      })),
    };
    setSaving(true);
    try {
      // A new document goes into approval at once: preview its route and ask for the chosen approvers.
      let chosen: AgriDocCreateBody['chosen'];
      if (!current.data) {
        const choice = await chooseApprovers(
          tenantId,
          AGRI_APPROVAL_TYPE[type],
          agriDocFields(v.areaId, v.lines),
        );
        if (!choice) return;
        chosen = choice.chosen;
      }
      const saved = current.data
        ? await agriApi.updateDoc(tenantId, type, {
            ...body,
            docId: current.data.docId,
            objectVersionNumber: current.data.objectVersionNumber,
          })
        : await agriApi.createDoc(tenantId, type, chosen ? { ...body, chosen } : body);
      // With an approval flow bound a new document waits: say so rather than just 'saved'.
      message.success(
        t(saved.auditState === 'submitted' ? 'farm:approval.submitted' : 'common:message.saved'),
      );
      await queryClient.invalidateQueries({ queryKey: agriKeys.all(tenantId) });
      navigate(AGRI_PATHS.docInfo(type, saved.docId));
    } catch {
      // Not enough stock, duplicate number, stale version: the API client showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="tl-card">
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{
          areaId: selected?.areaId,
          docDate: nowInZone(),
          lines: [{ quantity: null, unitPrice: null }],
        }}
        onFinish={(v) => void submit(v)}
      >
        <Space size="large" wrap align="start">
          <Form.Item
            name="docCode"
            label={t('agricultural:doc.field.code')}
            rules={[{ pattern: /^[A-Za-z0-9_-]*$/, message: t('agricultural:doc.rule.code') }]}
          >
            <Input
              maxLength={30}
              placeholder={t('agricultural:doc.field.codePlaceholder')}
              style={{ width: 220 }}
            />
          </Form.Item>
          <Form.Item
            name="areaId"
            label={t('agricultural:doc.field.base')}
            rules={[{ required: true, message: t('agricultural:doc.rule.base') }]}
          >
            <Select
              style={{ width: 220 }}
              showSearch={{ optionFilterProp: 'label' }}
              loading={bases.isLoading}
              options={(bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName }))}
            />
          </Form.Item>
          <Form.Item
            name="docDate"
            label={t(`agricultural:doc.${type}.date`)}
            rules={[{ required: true, message: t('agricultural:doc.rule.date') }]}
          >
            <DatePicker format="YYYY-MM-DD" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="counterparty" label={t(`agricultural:doc.${type}.counterparty`)}>
            <Input maxLength={60} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="handler" label={t('agricultural:doc.field.handler')}>
            <Input maxLength={30} style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <LinesTable form={form} inputs={inputs.data ?? []} kept={kept} />
        <Form.Item name="remark" label={t('agricultural:doc.field.remark')} style={{ marginTop: 16 }}>
          <Input.TextArea maxLength={500} showCount rows={2} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common:action.save')}
          </Button>
          <Button onClick={() => navigate(AGRI_PATHS.docs(type))}>{t('common:action.cancel')}</Button>
          {current.data ? null : (
            <ApprovalRouteHint
              tenantId={tenantId}
              docType={AGRI_APPROVAL_TYPE[type]}
              fields={agriDocFields(watchedArea, watchedLines)}
            />
          )}
        </Space>
      </Form>
    </section>
  );
}

export const WarehousingFormPage = () => <DocFormPage type="warehousing" />;
export const ShipmentFormPage = () => <DocFormPage type="shipment" />;

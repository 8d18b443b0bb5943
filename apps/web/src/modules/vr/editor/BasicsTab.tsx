import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { VR_BASE_TAGS_SHOWN, VR_DESCRIPTION_MAX, VR_NAME_MAX, type Vr } from '@tilth/contracts/vr.types';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { useMessage } from '../../../shared/FeedbackProvider';
import { useImageSrc } from '../../../shared/file/fileImage';
import { deviceApi, deviceKeys } from '../../equipment/device/api/device.api';
import { vrApi, vrKeys } from '../api/vr.api';
import { basicsProblem } from './editorFlow';

interface Basics {
  vrCover: string;
  vrName: string;
  areaId: number[];
  description: string;
}

const basicsOf = (vr: Vr): Basics => ({
  vrCover: vr.vrCover,
  vrName: vr.vrName,
  areaId: vr.area.map((a) => a.areaId),
  description: vr.description,
});

/** Basics tab (spec 03 §2, §5): cover, name, bound bases and description, saved with their own confirm. */
export function BasicsTab({ tenantId, vr }: { tenantId: number; vr: Vr }) {
  const { t } = useTranslation('vrEditor');
  const message = useMessage();
  const client = useQueryClient();
  const [form, setForm] = useState<Basics>(() => basicsOf(vr));
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const cover = useImageSrc(form.vrCover || null);
  const bases = useQuery({ queryKey: deviceKeys.bases(tenantId), queryFn: () => deviceApi.bases(tenantId) });

  // A reload (after a save or a stale answer) shows the stored values.
  useEffect(() => setForm(basicsOf(vr)), [vr]);

  const chooseCover = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (!chosen) return;
    if (!/^image\/(png|jpeg|webp|gif)$/.test(chosen.type)) {
      message.error(t('basics.coverType'));
      return;
    }
    setUploading(true);
    try {
      const stored = await vrApi.uploadImage(tenantId, chosen);
      setForm((f) => ({ ...f, vrCover: stored.fileUrl }));
    } catch {
      // shown by the API client
    } finally {
      setUploading(false);
    }
  };

  const confirm = async () => {
    const problem = basicsProblem(form);
    if (problem) {
      message.error(t(problem));
      return;
    }
    setBusy(true);
    try {
      const saved = await vrApi.update(tenantId, {
        vrId: vr.vrId,
        vrName: form.vrName.trim(),
        vrCover: form.vrCover,
        description: form.description.trim(),
        areaId: form.areaId,
        objectVersionNumber: vr.objectVersionNumber,
        enabledFlag: 1,
      });
      client.setQueryData(vrKeys.one(tenantId, vr.vrId), saved);
      void client.invalidateQueries({ queryKey: [...vrKeys.all(tenantId), 'list'] });
      message.success(t('save.done'));
    } catch (err) {
      // Stale (409): the API client has said so; the stored values come back for another try.
      if (err instanceof ApiError && err.status === 409) {
        void client.invalidateQueries({ queryKey: vrKeys.one(tenantId, vr.vrId) });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="tl-vr-basics">
      <div className="tl-vr-field">
        <span className="tl-vr-field__label">{t('basics.cover')}</span>
        <button
          type="button"
          className="tl-vr-cover"
          onClick={() => file.current?.click()}
          aria-label={t('basics.coverUpload')}
        >
          {cover ? <img src={cover} alt="" /> : uploading ? <LoadingOutlined /> : <PlusOutlined />}
        </button>
        <input
          ref={file}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          hidden
          onChange={chooseCover}
        />
      </div>
      <div className="tl-vr-field">
        <span className="tl-vr-field__label">{t('basics.name')}</span>
        <Input
          value={form.vrName}
          aria-label={t('basics.name')}
          maxLength={VR_NAME_MAX}
          showCount
          placeholder={t('basics.namePlaceholder')}
          onChange={(e) => setForm({ ...form, vrName: e.target.value })}
        />
      </div>
      <div className="tl-vr-field">
        <span className="tl-vr-field__label">{t('basics.bases')}</span>
        <Select
          mode="multiple"
          value={form.areaId}
          maxTagCount={VR_BASE_TAGS_SHOWN}
          maxTagPlaceholder={(rest) => `+${rest.length}`}
          loading={bases.isPending}
          placeholder={t('basics.basesPlaceholder')}
          optionFilterProp="label"
          options={(bases.data ?? []).map((b) => ({ value: b.areaId, label: b.areaName }))}
          onChange={(areaId: number[]) => setForm({ ...form, areaId })}
          aria-label={t('basics.bases')}
        />
      </div>
      <div className="tl-vr-field">
        <span className="tl-vr-field__label">{t('basics.description')}</span>
        <Input.TextArea
          value={form.description}
          aria-label={t('basics.description')}
          maxLength={VR_DESCRIPTION_MAX}
          showCount
          rows={4}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
        />
      </div>
      <div className="tl-vr-basics__actions">
        <Button onClick={() => setForm(basicsOf(vr))}>{t('common.cancel')}</Button>
        <Button type="primary" loading={busy || uploading} onClick={() => void confirm()}>
          {t('common.confirm')}
        </Button>
      </div>
    </div>
  );
}

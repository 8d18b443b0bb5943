import { useQuery } from '@tanstack/react-query';
import type { Page } from '@tilth/contracts';
import type { PromoVideo, PromoVideoRef } from '@tilth/contracts/media.types';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { api } from '../../../shared/api/client';
import { mediaKeys } from './media.api';
import { PictureThumb } from './PictureThumb';

// The promo video of a product (seed product, traced product; issue 19 item 4): the tenant's ready videos
// with their posters, clearable. Texts come from the form's own namespace.

/** Ready videos the select offers at most (a tenant keeps a handful of promo videos). */
const OFFERED_MAX = 100;

interface PromoVideoSelectProps {
  tenantId: number;
  /** The video the product shows now (kept as an option even when the list cannot be read). */
  current?: PromoVideoRef | null;
  value?: number | null;
  onChange?: (v: number | null) => void;
  placeholder: string;
  /** Shown when the tenant has no ready video (or the caller may not list them). */
  emptyText: string;
  id?: string;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export function PromoVideoSelect({
  tenantId,
  current,
  value,
  onChange,
  placeholder,
  emptyText,
  id,
}: PromoVideoSelectProps) {
  const list = useQuery({
    queryKey: [...mediaKeys.videos(tenantId), 'ready-options'],
    // A farm user may lack the company video page: then only the current video is offered, no error toast.
    queryFn: () =>
      api.get<Page<PromoVideo>>(`/wfpf/v1/${tenantId}/content/videos`, {
        query: { status: 'ready', page: 0, size: OFFERED_MAX },
        globalErrors: false,
      }),
    retry: false,
  });
  const videos: PromoVideoRef[] = (list.data?.content ?? []).map((v) => ({
    videoId: v.videoId,
    videoName: v.videoName,
    videoUrl: v.videoUrl,
    posterUrl: v.posterUrl,
    width: v.width,
    height: v.height,
    durationMs: v.durationMs,
  }));
  if (current && !videos.some((v) => v.videoId === current.videoId)) videos.unshift(current);
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={list.isLoading}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={placeholder}
      notFoundContent={emptyText}
      data-testid="promo-video-select"
      options={videos.map((v) => ({
        value: v.videoId,
        label: v.videoName,
        render: (
          <Space>
            <PictureThumb url={v.posterUrl} alt={v.videoName} width={48} height={27} fit="contain" />
            <span>{v.videoName}</span>
            <span style={{ color: 'var(--ant-color-text-tertiary)' }}>{seconds(v.durationMs)}</span>
          </Space>
        ),
      }))}
      optionRender={(o) => o.data.render}
      labelRender={(l) => {
        const v = videos.find((x) => x.videoId === l.value);
        return v ? (
          <Space size={6}>
            <PictureThumb url={v.posterUrl} alt={v.videoName} width={32} height={18} fit="contain" />
            <span>{v.videoName}</span>
          </Space>
        ) : (
          l.label
        );
      }}
    />
  );
}

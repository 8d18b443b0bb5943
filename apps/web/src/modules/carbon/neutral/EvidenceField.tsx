import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import type { ReactNode } from 'react';
import { api } from '../../../shared/api/client';
import { imageVariant, useImageSrc } from '../../../shared/file/fileImage';
import { ImageListField } from '../../../shared/file/ImageListField';
import { useShell } from '../../../shell/ShellContext';

// The evidence of a manual carbon entry: up to 10 stored files (a photographed bill, a PDF delivery
// note), uploaded to the file service as they are chosen; the server accepts only this tenant's files.

const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
const MAX_BYTES = 10 * 1024 * 1024;
export const EVIDENCE_MAX = 10;

const problem = (file: File): 'type' | 'size' | null =>
  !(TYPES as readonly string[]).includes(file.type) ? 'type' : file.size > MAX_BYTES ? 'size' : null;

/** A picture's thumbnail, or a paper clip for a PDF (its bytes are no picture). */
function EvidenceTile({ url, remove }: { url: string; remove: ReactNode }) {
  const src = useImageSrc(imageVariant(url, 128));
  return (
    <span
      style={{
        position: 'relative',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 64,
        height: 64,
        margin: '0 6px 6px 0',
        borderRadius: 6,
        overflow: 'hidden',
        background: 'var(--ant-color-fill-tertiary)',
      }}
    >
      {src ? (
        <img src={src} alt="" width={64} height={64} style={{ objectFit: 'cover' }} />
      ) : (
        <PaperClipOutlined style={{ fontSize: 22 }} />
      )}
      {remove}
    </span>
  );
}

export interface EvidenceFieldProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  onBusyChange?: (busy: boolean) => void;
}

export function EvidenceField({ value, onChange, onBusyChange }: EvidenceFieldProps) {
  const { tenantId } = useShell();
  return (
    <ImageListField
      {...(value ? { value } : {})}
      {...(onChange ? { onChange } : {})}
      {...(onBusyChange ? { onBusyChange } : {})}
      max={EVIDENCE_MAX}
      accept={TYPES}
      check={problem}
      upload={async (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return (
          await api.post<{ fileUrl: string }>(`/hfle/v1/${tenantId}/files/multipart`, { multipart: body })
        ).fileUrl;
      }}
      labels="carbon:evidence"
      size={64}
      renderImages={(urls, remove) => urls.map((u) => <EvidenceTile key={u} url={u} remove={remove(u)} />)}
    />
  );
}

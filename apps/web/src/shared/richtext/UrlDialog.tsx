import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface UrlDialogProps {
  open: boolean;
  /** 'link' or 'image': which texts, and whether an alt text is asked for. */
  kind: 'link' | 'image';
  initialUrl?: string;
  /** The typed address made acceptable, or null when refused. */
  normalise: (raw: string) => string | null;
  onOk: (value: { url: string; alt?: string }) => void;
  onCancel: () => void;
}

/** Asks for a link target or an image address; refuses what the server's sanitiser would strip. */
export function UrlDialog({ open, kind, initialUrl = '', normalise, onOk, onCancel }: UrlDialogProps) {
  const { t } = useTranslation('richtext');
  const [url, setUrl] = useState(initialUrl);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState(false);

  useEffect(() => {
    if (open) {
      setUrl(initialUrl);
      setAlt('');
      setError(false);
    }
  }, [open, initialUrl]);

  const submit = () => {
    const value = normalise(url);
    if (!value) {
      setError(true);
      return;
    }
    onOk(kind === 'image' ? { url: value, alt: alt.trim() || undefined } : { url: value });
  };

  return (
    <Modal
      open={open}
      title={t(`richtext.${kind}.title`)}
      okText={t('richtext.ok')}
      cancelText={t('richtext.cancel')}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={t(`richtext.${kind}.url`)}
          validateStatus={error ? 'error' : undefined}
          help={error ? t(`richtext.${kind}.invalid`) : undefined}
        >
          <Input
            autoFocus
            value={url}
            placeholder={kind === 'link' ? 'https://' : 'https://…/picture.jpg'}
            onChange={(e) => {
              setUrl(e.target.value);
              setError(false);
            }}
            onPressEnter={submit}
            data-testid={`richtext-${kind}-url`}
          />
        </Form.Item>
        {kind === 'image' ? (
          <Form.Item label={t('richtext.image.alt')}>
            <Input
              value={alt}
              maxLength={200}
              onChange={(e) => setAlt(e.target.value)}
              onPressEnter={submit}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

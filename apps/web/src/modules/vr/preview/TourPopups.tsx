import Carousel from 'antd/es/carousel';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImage } from '../library/AuthImage';

/** Type 4: the text of a hotspot, kept as written (line breaks included). */
export function TextPopup({ title, text, onClose }: { title: string; text: string; onClose: () => void }) {
  const { t } = useTranslation('vr');
  return (
    <Modal open title={title || t('vr:preview.text')} footer={null} onCancel={onClose} width={520} centered>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', maxHeight: '60vh', overflow: 'auto' }}>
        {text}
      </Typography.Paragraph>
    </Modal>
  );
}

/** Type 3: the album as a carousel with its counter 'n / total'. */
export function AlbumPopup({
  title,
  images,
  onClose,
}: {
  title: string;
  images: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation('vr');
  const [index, setIndex] = useState(0);
  return (
    <Modal open title={title || t('vr:preview.album')} footer={null} onCancel={onClose} width={760} centered>
      <Carousel arrows dots={false} afterChange={setIndex} adaptiveHeight>
        {images.map((src) => (
          <div key={src}>
            <AuthImage
              url={src}
              width="100%"
              height={420}
              radius={0}
              style={{ objectFit: 'contain', background: '#000' }}
            />
          </div>
        ))}
      </Carousel>
      <div style={{ textAlign: 'center', marginTop: 8 }} data-testid="album-counter">
        {index + 1} / {images.length}
      </div>
    </Modal>
  );
}

/** The introduction (420 wide): the tour's name and description, or 'no introduction yet'. */
export function IntroPopup({
  name,
  description,
  onClose,
}: {
  name: string;
  description: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('vr');
  return (
    <Modal open title={name} footer={null} onCancel={onClose} width={420} centered>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
        {description.trim() ? description : t('vr:preview.noIntro')}
      </Typography.Paragraph>
    </Modal>
  );
}

import Button from 'antd/es/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/client';
import { useMessage } from '../../../shared/FeedbackProvider';
import { authApi } from '../api/auth.api';

/** Spec 01 §9: a code can be asked for again after 60 s. */
export const SMS_RESEND_SECONDS = 60;

interface SmsCodeButtonProps {
  /** Checks the phone field first; resolves to the phone, or null when it is not valid. */
  getPhone: () => Promise<string | null>;
  /** The key the code was sent under; needed to submit. */
  onSent: (captchaKey: string) => void;
}

/** Sends an SMS code and counts down 60 s before it may send again (registration, forgot password). */
export function SmsCodeButton({ getPhone, onSent }: SmsCodeButtonProps) {
  const { t } = useTranslation(['register', 'common']);
  const message = useMessage();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    const phone = await getPhone();
    if (!phone) return;
    setSending(true);
    try {
      const answer = await authApi.sendPhoneCode(phone);
      if (!answer.success) {
        message.error(answer.message || t('register:sendFailed'));
        return;
      }
      onSent(answer.captchaKey);
      setLeft(SMS_RESEND_SECONDS);
      message.success(answer.message || t('register:codeSent'));
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <Button style={{ flex: '0 0 132px' }} disabled={left > 0} loading={sending} onClick={() => void send()}>
      {left > 0 ? t('register:resendIn', { seconds: left }) : t('register:getCode')}
    </Button>
  );
}

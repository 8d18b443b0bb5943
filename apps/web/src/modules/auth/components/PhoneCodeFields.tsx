import MobileOutlined from '@ant-design/icons/MobileOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { isPhone } from '../../../shared/validators';
import { SmsCodeButton } from './SmsCodeButton';

/**
 * The phone field and the SMS-code row with its send button (spec 01 §2.8), shared by registration and
 * password reset. Lives inside an antd Form with fields `phone` and `captcha`; `onSent` gets the captchaKey.
 */
export function PhoneCodeFields({ onSent }: { onSent: (captchaKey: string) => void }) {
  const { t } = useTranslation(['register', 'common']);
  const form = Form.useFormInstance<{ phone: string }>();
  const getPhone = async (): Promise<string | null> => {
    try {
      return (await form.validateFields(['phone'])).phone;
    } catch {
      return null;
    }
  };
  return (
    <>
      <Form.Item
        name="phone"
        rules={[
          { required: true, whitespace: true, message: t('register:phoneRequired') },
          {
            validator: (_, value: string | undefined) =>
              !value || isPhone(value)
                ? Promise.resolve()
                : Promise.reject(new Error(t('common:validation.phone'))),
          },
        ]}
      >
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('register:phone')}
          aria-label={t('register:phone')}
          maxLength={11}
          inputMode="numeric"
        />
      </Form.Item>
      <Form.Item required>
        <div style={{ display: 'flex', gap: 10 }}>
          <Form.Item
            name="captcha"
            noStyle
            rules={[{ required: true, whitespace: true, message: t('register:codeRequired') }]}
          >
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('register:code')}
              aria-label={t('register:code')}
              maxLength={8}
              autoComplete="one-time-code"
            />
          </Form.Item>
          <SmsCodeButton getPhone={getPhone} onSent={onSent} />
        </div>
      </Form.Item>
    </>
  );
}

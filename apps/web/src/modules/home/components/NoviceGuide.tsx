import BankOutlined from '@ant-design/icons/BankOutlined';
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import RocketOutlined from '@ant-design/icons/RocketOutlined';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { selectArea } from '../../../shared/area/areaStore';
import { Logo } from '../../../shared/brand/Logo';
import { useMessage } from '../../../shared/FeedbackProvider';
import { LanguageSelect } from '../../../shared/i18n/LanguageSelect';
import { AREA_NAME_MAX, isAreaCode, isAreaName } from '../../../shared/validators';
import { currentTenantOf, type Self } from '../../account/api/account.api';
import { logout } from '../../account/logout';
import { areaApi } from '../../farm/api/area.api';
import { noviceApi, noviceQueryKey } from '../api/novice.api';

interface GuideValues {
  areaName: string;
  areaNum?: string;
}

/**
 * The full-screen beginner's guide of a new tenant (spec 01 §2.9, §4, §5): create the first base, clear
 * the novice flag, then on to the farm.
 */
export function NoviceGuide({ self, onDone }: { self: Self; onDone: () => void }) {
  const { t } = useTranslation(['home', 'shell', 'common']);
  const message = useMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<GuideValues>();
  const [busy, setBusy] = useState(false);
  const tenantId = self.tenantId;

  const finish = async (values: GuideValues) => {
    setBusy(true);
    try {
      const code = values.areaNum?.trim();
      const area = await areaApi.create(tenantId, {
        areaName: values.areaName.trim(),
        ...(code ? { areaNum: code } : {}),
        organizationType: 'area',
        areaUsage: 'plant',
        defaultFlag: 1,
      });
      await noviceApi.unlock(tenantId);
      selectArea(area);
      queryClient.setQueryData(noviceQueryKey(tenantId), 0);
      await queryClient.invalidateQueries({ queryKey: ['areas', tenantId] });
      message.success(t('home:guide.created'));
      onDone();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="tl-guide">
      <header className="tl-guide__top">
        <div className="tl-guide__brand">
          <Logo size={34} />
          <span>{currentTenantOf(self)?.tenantName}</span>
        </div>
        <div className="tl-guide__tools">
          <LanguageSelect />
          <Button type="text" onClick={() => void logout((to) => navigate(to, { replace: true }))}>
            {t('shell:panel.logout')}
          </Button>
        </div>
      </header>
      <main className="tl-guide__main">
        <section className="tl-guide__intro">
          <RocketOutlined className="tl-guide__rocket" />
          <h1>{t('home:guide.welcome', { name: self.realName || self.loginName })}</h1>
          <p>{t('home:guide.intro')}</p>
          <ol className="tl-guide__steps">
            <li className="is-current">
              <span className="tl-guide__step-no">1</span>
              {t('home:guide.step1')}
            </li>
            <li>
              <span className="tl-guide__step-no">2</span>
              {t('home:guide.step2')}
            </li>
            <li>
              <span className="tl-guide__step-no">
                <CheckCircleFilled />
              </span>
              {t('home:guide.step3')}
            </li>
          </ol>
        </section>
        <section className="tl-guide__card">
          <h2>
            <BankOutlined /> {t('home:guide.title')}
          </h2>
          <p className="tl-guide__hint">{t('home:guide.hint')}</p>
          <Form form={form} layout="vertical" name="novice" requiredMark onFinish={(v) => void finish(v)}>
            <Form.Item
              name="areaName"
              label={t('home:guide.areaName')}
              rules={[
                { required: true, whitespace: true, message: t('home:guide.areaNameRequired') },
                {
                  validator: (_, value: string | undefined) =>
                    !value?.trim() || isAreaName(value)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('common:validation.maxLength', { max: AREA_NAME_MAX }))),
                },
              ]}
            >
              <Input
                size="large"
                placeholder={t('home:guide.areaNamePlaceholder')}
                maxLength={AREA_NAME_MAX}
                showCount
              />
            </Form.Item>
            <Form.Item
              name="areaNum"
              label={t('home:guide.areaNum')}
              rules={[
                {
                  validator: (_, value: string | undefined) =>
                    !value || isAreaCode(value)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('common:validation.code'))),
                },
              ]}
            >
              <Input size="large" placeholder={t('home:guide.areaNumPlaceholder')} maxLength={60} />
            </Form.Item>
            <Button type="primary" size="large" block htmlType="submit" loading={busy}>
              {t('home:guide.finish')}
            </Button>
          </Form>
        </section>
      </main>
    </div>
  );
}

import FundProjectionScreenOutlined from '@ant-design/icons/FundProjectionScreenOutlined';
import { useQuery } from '@tanstack/react-query';
import type { TenantScreen } from '@tilth/contracts/tenant.types';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, buildUrl } from '../../shared/api/client';
import { PermissionGuard } from '../../shared/permission/PermissionGuard';
import { getAccessToken } from '../../shared/storage';
import { useShell } from '../ShellContext';

/** Spec 01 §3: screenType 2 opens the address as it is; otherwise the access token goes along. */
export const screenLink = (
  screen: Pick<TenantScreen, 'screenAddress' | 'screenType'>,
  token: string | null,
): string =>
  screen.screenType === 2 || !token ? screen.screenAddress : buildUrl(screen.screenAddress, { token });

function ScreensButton({ onPicked }: { onPicked?: () => void }) {
  const { t } = useTranslation('shell');
  const { tenantId } = useShell();
  const [open, setOpen] = useState(false);
  const screens = useQuery({
    queryKey: ['tenant-screens', tenantId],
    queryFn: () => api.get<TenantScreen[]>(`/wfpf/v1/${tenantId}/tenant-screen`, { globalErrors: false }),
    staleTime: 5 * 60_000,
  });
  const list = screens.data ?? [];
  const token = getAccessToken();
  const label = (
    <>
      <FundProjectionScreenOutlined />
      <span>{t('panel.screens')}</span>
    </>
  );
  if (list.length === 0) return null;
  const [only] = list;
  // One screen: a plain link straight to it; several: a modal of cards.
  if (list.length === 1 && only) {
    return (
      <a
        className="tl-panel__item"
        href={screenLink(only, token)}
        target="_blank"
        rel="noreferrer"
        onClick={onPicked}
      >
        {label}
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        className="tl-panel__item"
        onClick={() => {
          // The panel closes; its content (and so this modal) stays mounted while hidden.
          onPicked?.();
          setOpen(true);
        }}
      >
        {label}
      </button>
      <Modal
        open={open}
        width={1200}
        title={t('panel.screens')}
        footer={null}
        onCancel={() => setOpen(false)}
      >
        <div className="tl-screens">
          {list.map((screen) => (
            <a
              key={screen.id}
              className="tl-screens__card"
              href={screenLink(screen, token)}
              target="_blank"
              rel="noreferrer"
              onClick={() => setOpen(false)}
            >
              <div className="tl-screens__image">
                {screen.screenImage ? (
                  <img src={screen.screenImage} alt="" />
                ) : (
                  <FundProjectionScreenOutlined />
                )}
              </div>
              <div className="tl-screens__name">{screen.screenName}</div>
            </a>
          ))}
        </div>
      </Modal>
    </>
  );
}

/** The visualization entry of the user panel, for holders of wfpf.farm.user.ps.tenant-screen. */
export function ScreensEntry({ onPicked }: { onPicked?: () => void }) {
  return (
    <PermissionGuard codes={['wfpf.farm.user.ps.tenant-screen']}>
      <ScreensButton onPicked={onPicked} />
    </PermissionGuard>
  );
}

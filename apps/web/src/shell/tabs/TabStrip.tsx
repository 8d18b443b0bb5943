import CloseOutlined from '@ant-design/icons/CloseOutlined';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import Dropdown from 'antd/es/dropdown';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ModuleArea } from '../../app/modules';
import { menuIcon } from '../menu/icons';
import type { MenuNode } from '../menu/menuModel';
import type { ThemeConfig } from '../theme/theme';
import { usePageInfo } from './pageTitle';
import { dispatchPane, stripOf, usePaneStrips } from './paneStore';
import { canClose, canCloseOthers, type PaneAction } from './panes';

/** Spec 01 §9: the arrows scroll by 100 px; the overflow check waits 500 ms after a resize. */
export const TAB_SCROLL_STEP = 100;
const RELAYOUT_DELAY_MS = 500;

interface TabStripProps {
  module: ModuleArea;
  menu: readonly MenuNode[];
  theme: ThemeConfig;
}

/** The strip of opened pages (spec 01 §2.10): click to show, right-click to refresh or close. */
export function TabStrip({ module, menu, theme }: TabStripProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  usePaneStrips();
  const strip = stripOf(module);
  const info = usePageInfo(menu);
  const scroller = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState(false);

  const measure = useCallback(() => {
    const el = scroller.current;
    if (el) setOverflow(el.scrollWidth > el.clientWidth + 1);
  }, []);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(measure, RELAYOUT_DELAY_MS);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [measure]);

  // Keep the shown tab in view, and re-check the arrows when tabs come and go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the strip changes
  useEffect(() => {
    measure();
    scroller.current
      ?.querySelector<HTMLElement>('[data-active="true"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [strip.panes.length, strip.activeKey, measure]);

  const act = (action: PaneAction) => {
    const next = dispatchPane(module, action);
    if (next) navigate(next);
  };
  const scrollBy = (dx: number) => scroller.current?.scrollBy({ left: dx, behavior: 'smooth' });

  return (
    <div className={`tl-tabs tl-tabs--${theme.labelStyle}`} role="tablist" aria-label={t('tabs.label')}>
      {overflow ? (
        <button
          type="button"
          className="tl-tabs__arrow"
          aria-label={t('tabs.left')}
          onClick={() => scrollBy(-TAB_SCROLL_STEP)}
        >
          <LeftOutlined />
        </button>
      ) : null}
      <div className="tl-tabs__scroller" ref={scroller}>
        {strip.panes.map((pane, index) => {
          const { title, icon } = info(pane.path);
          const active = pane.key === strip.activeKey;
          const closable = canClose(strip, pane.key);
          return (
            <Dropdown
              key={pane.key}
              trigger={['contextMenu']}
              menu={{
                items: [
                  { key: 'refresh', icon: <ReloadOutlined />, label: t('tabs.refresh') },
                  { key: 'close', icon: <CloseOutlined />, label: t('tabs.close'), disabled: !closable },
                  { key: 'others', label: t('tabs.closeOthers'), disabled: !canCloseOthers(strip) },
                ],
                onClick: ({ key }) => {
                  if (key === 'refresh') act({ type: 'refresh', key: pane.key });
                  else if (key === 'close') act({ type: 'close', key: pane.key });
                  else {
                    act({ type: 'closeOthers', key: pane.key });
                    if (!active) navigate(pane.path);
                  }
                },
              }}
            >
              <div
                role="tab"
                tabIndex={0}
                aria-selected={active}
                data-active={active}
                className={`tl-tab${active ? ' tl-tab--active' : ''}`}
                title={title}
                onClick={() => !active && navigate(pane.path)}
                onKeyDown={(e) => e.key === 'Enter' && navigate(pane.path)}
              >
                {theme.labelIcon ? (
                  <span className="tl-tab__icon">{menuIcon(index === 0 ? 'HomeOutlined' : icon)}</span>
                ) : null}
                <span className="tl-tab__title">{title}</span>
                {closable ? (
                  <button
                    type="button"
                    className="tl-tab__close"
                    aria-label={t('tabs.close')}
                    onClick={(e) => {
                      e.stopPropagation();
                      act({ type: 'close', key: pane.key });
                    }}
                  >
                    <CloseOutlined />
                  </button>
                ) : null}
              </div>
            </Dropdown>
          );
        })}
      </div>
      {overflow ? (
        <button
          type="button"
          className="tl-tabs__arrow"
          aria-label={t('tabs.right')}
          onClick={() => scrollBy(TAB_SCROLL_STEP)}
        >
          <RightOutlined />
        </button>
      ) : null}
    </div>
  );
}

import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import WifiOutlined from '@ant-design/icons/WifiOutlined';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { hasMenuIcon, loadMenuIcon, menuIcon } from './icons';

// The menu draws its icons from their SVG definitions instead of @ant-design/icons' components (issue 20,
// the farm home's weight): the markup must stay exactly antd's, so antd's icon CSS and the look apply.

describe('menu icons', () => {
  it('renders the same markup as the @ant-design/icons component once loaded, an empty box of its size before', async () => {
    // Not loaded yet: the same span and label, an empty 1em svg.
    expect(renderToStaticMarkup(menuIcon('WifiOutlined'))).toBe(
      '<span role="img" aria-label="wifi" class="anticon anticon-wifi"><svg viewBox="64 64 896 896" focusable="false" width="1em" height="1em" aria-hidden="true"></svg></span>',
    );
    await Promise.all([loadMenuIcon('HomeOutlined'), loadMenuIcon('WifiOutlined'), loadMenuIcon(undefined)]);
    expect(renderToStaticMarkup(menuIcon('HomeOutlined'))).toBe(renderToStaticMarkup(<HomeOutlined />));
    expect(renderToStaticMarkup(menuIcon('WifiOutlined'))).toBe(renderToStaticMarkup(<WifiOutlined />));
  });

  it('falls back to the appstore icon for an unknown or empty name', async () => {
    await loadMenuIcon('NoSuchOutlined');
    const appstore = renderToStaticMarkup(<AppstoreOutlined />);
    expect(hasMenuIcon('NoSuchOutlined')).toBe(false);
    expect(renderToStaticMarkup(menuIcon('NoSuchOutlined'))).toBe(appstore);
    expect(renderToStaticMarkup(menuIcon(undefined))).toBe(appstore);
  });
});

import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import WifiOutlined from '@ant-design/icons/WifiOutlined';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { hasMenuIcon, menuIcon } from './icons';

// The menu draws its icons from their SVG definitions instead of @ant-design/icons' components (issue 20,
// the farm home's weight): the markup must stay exactly antd's, so antd's icon CSS and the look apply.

describe('menu icons', () => {
  it('renders the same markup as the @ant-design/icons component', () => {
    expect(renderToStaticMarkup(menuIcon('HomeOutlined'))).toBe(renderToStaticMarkup(<HomeOutlined />));
    expect(renderToStaticMarkup(menuIcon('WifiOutlined'))).toBe(renderToStaticMarkup(<WifiOutlined />));
  });

  it('falls back to the appstore icon for an unknown or empty name', () => {
    const appstore = renderToStaticMarkup(<AppstoreOutlined />);
    expect(hasMenuIcon('NoSuchOutlined')).toBe(false);
    expect(renderToStaticMarkup(menuIcon('NoSuchOutlined'))).toBe(appstore);
    expect(renderToStaticMarkup(menuIcon(undefined))).toBe(appstore);
  });
});

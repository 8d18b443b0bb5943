import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LockIcon } from '../../../shared/icons/inlineIcons';
import { SubmitButton, TextField } from './LoginFields';

// The sign-in form's own field and button (no antd on the front door, issue 20): what assistive
// technology and the stories read from them.

describe('sign-in form parts', () => {
  it('the button spaces a two-character Chinese label like antd, and says when it is busy', () => {
    const idle = renderToStaticMarkup(<SubmitButton loading={false} label="登录" />);
    expect(idle).toContain('<span>登 录</span>');
    expect(idle).toContain('type="submit"');
    expect(idle).not.toContain('aria-busy');
    const busy = renderToStaticMarkup(<SubmitButton loading label="登录中…" />);
    expect(busy).toContain('aria-busy="true"');
    expect(busy).toContain('tl-btn--loading');
    expect(busy).toContain('<span>登录中…</span>');
    expect(renderToStaticMarkup(<SubmitButton loading={false} label="Sign in" />)).toContain(
      '<span>Sign in</span>',
    );
  });

  it('a password field is labelled, hidden by default, marks itself invalid, and has a labelled eye toggle', () => {
    const html = renderToStaticMarkup(
      <TextField
        id="login_password"
        name="password"
        label="密码"
        prefix={LockIcon}
        value="secret"
        onChange={() => undefined}
        invalid
        autoComplete="current-password"
        password={{ show: '显示密码', hide: '隐藏密码' }}
      />,
    );
    expect(html).toContain('type="password"');
    expect(html).toContain('aria-label="密码"');
    expect(html).toContain('placeholder="密码"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('tl-input--error');
    expect(html).toMatch(
      /<button type="button" tabindex="-1" class="tl-input__eye" aria-label="显示密码" aria-pressed="false">/,
    );
  });
});

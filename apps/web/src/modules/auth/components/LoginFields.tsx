import {
  type AnimationEventHandler,
  type ButtonHTMLAttributes,
  type KeyboardEventHandler,
  type Ref,
  useState,
} from 'react';
import {
  EyeIcon,
  EyeInvisibleIcon,
  type IconDef,
  InlineIcon,
  LoadingIcon,
} from '../../../shared/icons/inlineIcons';
import './loginFields.css';

// The sign-in form's field and button as plain elements drawn like antd's large Input / Input.Password /
// primary Button (loginFields.css), so the front door loads no antd (docs/benchmarks.md, issue 20).

export interface TextFieldProps {
  inputRef?: Ref<HTMLInputElement>;
  id: string;
  name: string;
  label: string;
  prefix: IconDef;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  autoComplete: string;
  autoFocus?: boolean;
  maxLength?: number;
  /** A password field with the eye toggle; its labels for showing and hiding. */
  password?: { show: string; hide: string };
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
  onAnimationStart?: AnimationEventHandler<HTMLInputElement>;
}

export function TextField({
  inputRef,
  id,
  name,
  label,
  prefix,
  value,
  onChange,
  invalid,
  autoComplete,
  autoFocus,
  maxLength,
  password,
  onKeyDown,
  onAnimationStart,
}: TextFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    // A label as the frame: like antd's affix wrapper, a press on it or its icon focuses the input.
    <label className={`tl-input${invalid ? ' tl-input--error' : ''}`}>
      <span className="tl-input__prefix">
        <InlineIcon icon={prefix} />
      </span>
      <input
        ref={inputRef}
        id={id}
        name={name}
        className="tl-input__input"
        type={password && !visible ? 'password' : 'text'}
        placeholder={label}
        aria-label={label}
        aria-invalid={invalid || undefined}
        autoComplete={autoComplete}
        // biome-ignore lint/a11y/noAutofocus: the sign-in page's first field, as before (antd Input autoFocus)
        autoFocus={autoFocus}
        maxLength={maxLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onAnimationStart={onAnimationStart}
      />
      {password ? (
        <span className="tl-input__suffix">
          {/* Out of the tab order like antd's eye icon; a labelled button for pointers and screen readers. */}
          <button
            type="button"
            tabIndex={-1}
            className="tl-input__eye"
            aria-label={visible ? password.hide : password.show}
            aria-pressed={visible}
            // The focus stays in the password field, as with antd's icon.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => setVisible((v) => !v)}
          >
            <InlineIcon icon={visible ? EyeIcon : EyeInvisibleIcon} />
          </button>
        </span>
      ) : null}
    </label>
  );
}

/** antd's habit for a two-character Chinese label: a space between them ("登 录"). */
const spaced = (label: string): string =>
  /^[\u4e00-\u9fa5]{2}$/.test(label) ? label.split('').join(' ') : label;

type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'children'> & {
  loading: boolean;
  label: string;
};

/** The large primary submit button; `loading` shows the spinner and ignores presses (aria-busy). */
export function SubmitButton({ loading, label, onClick, ...rest }: SubmitButtonProps) {
  return (
    <button
      {...rest}
      type="submit"
      className={`tl-btn${loading ? ' tl-btn--loading' : ''}`}
      aria-busy={loading || undefined}
      onClick={(e) => {
        if (loading) e.preventDefault();
        else onClick?.(e);
      }}
    >
      {loading ? <InlineIcon icon={LoadingIcon} spin className="tl-btn__icon" /> : null}
      <span>{spaced(label)}</span>
    </button>
  );
}

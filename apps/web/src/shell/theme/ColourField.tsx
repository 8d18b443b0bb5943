import BgColorsOutlined from '@ant-design/icons/BgColorsOutlined';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import ColorPicker from 'antd/es/color-picker';
import { readableOn, toHexColour } from './theme';

interface ColourFieldProps {
  /** '#rrggbb'. */
  value: string;
  presets: readonly string[];
  onChange: (colour: string) => void;
  /** Tooltip of the custom-colour picker. */
  customLabel: string;
  disabled?: boolean;
}

/** Preset colour swatches plus a colour picker for any other colour (alpha is not offered). */
export function ColourField({ value, presets, onChange, customLabel, disabled = false }: ColourFieldProps) {
  const current = value.toLowerCase();
  const custom = !presets.some((p) => p.toLowerCase() === current);
  return (
    <div className={`tl-theme-drawer__swatches${disabled ? ' is-disabled' : ''}`} aria-disabled={disabled}>
      {presets.map((colour) => {
        const selected = colour.toLowerCase() === current;
        return (
          <button
            key={colour}
            type="button"
            aria-pressed={selected}
            aria-label={colour}
            title={colour}
            disabled={disabled}
            className={`tl-theme-drawer__swatch${selected ? ' is-selected' : ''}`}
            style={{ background: colour, color: readableOn(colour) }}
            onClick={() => onChange(colour)}
          >
            {selected ? <CheckOutlined /> : null}
          </button>
        );
      })}
      <ColorPicker
        value={value}
        disabled={disabled}
        disabledAlpha
        format="hex"
        onChangeComplete={(colour) => {
          const hex = toHexColour(colour.toHexString());
          if (hex) onChange(hex);
        }}
      >
        <button
          type="button"
          aria-pressed={custom}
          aria-label={customLabel}
          title={customLabel}
          disabled={disabled}
          className={`tl-theme-drawer__swatch tl-theme-drawer__swatch--custom${custom ? ' is-selected' : ''}`}
          style={custom ? { background: value, color: readableOn(value) } : undefined}
        >
          {custom ? <CheckOutlined /> : <BgColorsOutlined />}
        </button>
      </ColorPicker>
    </div>
  );
}

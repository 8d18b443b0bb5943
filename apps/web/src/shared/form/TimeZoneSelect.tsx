import Select from 'antd/es/select';
import { useMemo } from 'react';
import { timeZoneOptions } from '../format/timeZones';

interface TimeZoneSelectProps {
  value?: string;
  onChange?: (zone: string) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}

/** A searchable select of the IANA time zones, each with its current UTC offset (a Form.Item control). */
export function TimeZoneSelect({
  value,
  onChange,
  placeholder,
  disabled,
  id,
  'aria-label': ariaLabel,
}: TimeZoneSelectProps) {
  const options = useMemo(() => timeZoneOptions().map(({ value: v, label }) => ({ value: v, label })), []);
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      showSearch
      optionFilterProp="label"
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      disabled={disabled}
      options={options}
      style={{ width: '100%' }}
      data-testid="time-zone-select"
    />
  );
}

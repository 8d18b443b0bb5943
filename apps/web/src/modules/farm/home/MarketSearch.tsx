import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { useState } from 'react';

// The market card's product search drawn like antd's Input.Search with allowClear (marketTable.css):
// antd's Input was on the farm home for this one field (≈ 16 KB gzip).

interface MarketSearchProps {
  placeholder: string;
  /** Every change, and Enter or the search button (the list filters as one types). */
  onSearch: (value: string) => void;
  className?: string;
}

export function MarketSearch({ placeholder, onSearch, className }: MarketSearchProps) {
  const [value, setValue] = useState('');
  const change = (next: string) => {
    setValue(next);
    onSearch(next);
  };
  return (
    <span className={`tl-msearch${className ? ` ${className}` : ''}`}>
      <span className="tl-msearch__field">
        <input
          type="search"
          className="tl-msearch__input"
          placeholder={placeholder}
          aria-label={placeholder}
          value={value}
          onChange={(e) => change(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onSearch(value);
          }}
        />
        <button
          type="button"
          className={`tl-msearch__clear${value ? '' : ' is-hidden'}`}
          tabIndex={-1}
          onClick={() => change('')}
        >
          <CloseCircleFilled />
        </button>
      </span>
      <button type="button" className="tl-msearch__button" onClick={() => onSearch(value)}>
        <SearchOutlined />
      </button>
    </span>
  );
}

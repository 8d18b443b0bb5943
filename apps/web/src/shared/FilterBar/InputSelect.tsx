import SearchOutlined from '@ant-design/icons/SearchOutlined';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { type ReactNode, useState } from 'react';

export interface PickedValue {
  value: string | number;
  label: string;
}

interface InputSelectProps {
  value?: PickedValue;
  onChange?: (value: PickedValue | undefined) => void;
  placeholder?: string;
  modalTitle?: ReactNode;
  modalWidth?: number;
  picker: (pick: (value: string | number, label: string) => void) => ReactNode;
}

/** A read-only input whose value is chosen in a modal (the filter bar's input-select field). */
export function InputSelect({
  value,
  onChange,
  placeholder,
  modalTitle,
  modalWidth = 720,
  picker,
}: InputSelectProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Input
        readOnly
        allowClear
        value={value?.label ?? ''}
        placeholder={placeholder}
        suffix={<SearchOutlined />}
        onClick={() => setOpen(true)}
        onChange={(e) => {
          // Only the clear icon edits a read-only input.
          if (!e.target.value) onChange?.(undefined);
        }}
      />
      <Modal
        open={open}
        title={modalTitle}
        width={modalWidth}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {picker((picked, label) => {
          onChange?.({ value: picked, label });
          setOpen(false);
        })}
      </Modal>
    </>
  );
}

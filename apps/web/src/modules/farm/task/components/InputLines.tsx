import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { AgriInput } from '@tilth/contracts/agricultural.types';
import { TASK_INPUTS_MAX, TASK_QUANTITY_MAX } from '@tilth/contracts/task.types';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { duplicateInputIndex, type InputLine } from '../taskModel';

interface InputLinesProps {
  /** Form list name, e.g. 'inputs' or 'plannedInputs'. */
  name: string;
  /** Field of each line holding the quantity ('quantity' used, 'amount' planned). */
  quantityName: 'quantity' | 'amount';
  inputs: readonly AgriInput[];
}

/** Lines of [input, quantity]; the same input twice is refused on the line that repeats it. */
export function InputLines({ name, quantityName, inputs }: InputLinesProps) {
  const { t } = useTranslation('farmTask');
  const form = Form.useFormInstance();
  const unitOf = (id: unknown) => inputs.find((i) => i.inputId === id)?.unit ?? '';
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div className="tl-task-lines">
          {fields.map((field) => (
            <div key={field.key} className="tl-task-lines__row">
              <Form.Item
                name={[field.name, 'inputId']}
                rules={[
                  { required: true, message: t('rule.inputRequired') },
                  {
                    validator: async () => {
                      const lines = (form.getFieldValue(name) ?? []) as InputLine[];
                      const dup = duplicateInputIndex(lines);
                      if (dup === field.name) throw new Error(t('rule.duplicateInput'));
                    },
                  },
                ]}
                className="tl-task-lines__input"
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('field.input')}
                  options={inputs.map((i) => ({
                    value: i.inputId,
                    label: i.specification ? `${i.inputName}（${i.specification}）` : i.inputName,
                  }))}
                />
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {() => (
                  <Form.Item
                    name={[field.name, quantityName]}
                    rules={[{ required: true, message: t('rule.quantityRequired') }]}
                    className="tl-task-lines__qty"
                  >
                    <InputNumber
                      min={0.001}
                      max={TASK_QUANTITY_MAX}
                      precision={3}
                      style={{ width: '100%' }}
                      placeholder={t('field.quantity')}
                      suffix={unitOf(form.getFieldValue([name, field.name, 'inputId'])) || undefined}
                    />
                  </Form.Item>
                )}
              </Form.Item>
              <Button
                type="text"
                aria-label={t('form.removeInput')}
                icon={<MinusCircleOutlined />}
                onClick={() => remove(field.name)}
              />
            </div>
          ))}
          {fields.length < TASK_INPUTS_MAX ? (
            <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({})}>
              {t('form.addInput')}
            </Button>
          ) : null}
        </div>
      )}
    </Form.List>
  );
}

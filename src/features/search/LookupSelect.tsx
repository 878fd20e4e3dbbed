import './lookupSelect.css';
import { Col, Form, Select, Spin } from 'antd';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../store/hooks';
import type { LookupField } from './advancedDraft';
import { lookupTyped } from './searchSlice';

export interface LookupOption {
  value: string;
  label: string;
}

export interface LookupSelectProps {
  field: LookupField;
  id: string;
  labelId: string;
  value: string[] | string | undefined;
  options: LookupOption[];
  loading: boolean;
  multiple?: boolean;
  /** Disabled until a canton is chosen (spec §2), with the placeholder that says so. */
  needsCanton?: boolean;
  onChange: (value: string[] | string | undefined) => void;
}

/**
 * A type-to-find select (spec §2): what the user types goes to the lookup 450 ms later (the search
 * listeners debounce it), and the server's matches become the options.
 */
export function LookupSelect({
  field,
  id,
  labelId,
  value,
  options,
  loading,
  multiple = false,
  needsCanton = false,
  onChange,
}: LookupSelectProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  return (
    <Select<string[] | string | undefined>
      id={id}
      className="lookup-select"
      title={needsCanton ? intl.formatMessage({ id: 'search.field.cantonFirst' }) : undefined}
      aria-label={intl.formatMessage({ id: labelId })}
      data-testid={`lookup-${field}`}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      disabled={needsCanton}
      placeholder={intl.formatMessage({
        id: needsCanton ? 'search.field.cantonFirst' : 'search.field.typeToFind',
      })}
      value={value}
      options={options}
      showSearch={{ onSearch: (text) => dispatch(lookupTyped({ field, text })), filterOption: false }}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      onChange={(next) => onChange(next ?? undefined)}
      style={{ width: '100%' }}
    />
  );
}

/** One type-to-find select of the search dialog in its half-width column, labelled for screen readers. */
export function LookupFormItem(props: Omit<LookupSelectProps, 'id'>) {
  const intl = useIntl();
  const id = `search-${props.field}`;
  return (
    <Col xs={24} md={12}>
      <Form.Item label={intl.formatMessage({ id: props.labelId })} htmlFor={id}>
        <LookupSelect id={id} {...props} />
      </Form.Item>
    </Col>
  );
}

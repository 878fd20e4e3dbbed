import { Col, Form } from 'antd';
import { useIntl } from 'react-intl';
import { LookupSelect, type LookupSelectProps } from './LookupSelect';

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

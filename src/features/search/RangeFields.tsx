import { Col, Form, Input } from 'antd';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../store/hooks';
import { areaInputError, type AdvancedSearchDraft } from './advancedDraft';
import { draftChanged } from './searchSlice';

type RangeKey = keyof AdvancedSearchDraft & `${string}_from`;

export interface RangeFieldsProps {
  draft: AdvancedSearchDraft;
  /** The row's `_from` key; its `_to` key follows. */
  fromKey: RangeKey;
  /** The inputs' id prefix (`${id}-from`, `${id}-to`). */
  id: string;
  fromLabelId: string;
  toLabelId: string;
  suffix?: string;
  /** Whole numbers (m²) or decimals (a utilisation figure such as 0.6). */
  inputMode: 'numeric' | 'decimal';
}

/** The two inputs of a range filter in the advanced dialog, each with its spec §5 validation message. */
export function RangeFields({
  draft,
  fromKey,
  id,
  fromLabelId,
  toLabelId,
  suffix,
  inputMode,
}: RangeFieldsProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const toKey = fromKey.replace(/_from$/, '_to') as keyof AdvancedSearchDraft;
  const bound = (key: keyof AdvancedSearchDraft, part: 'from' | 'to', labelId: string) => {
    const value = String(draft[key] ?? '');
    const error = areaInputError(value);
    return (
      <Col xs={24} md={12} key={part}>
        <Form.Item
          label={intl.formatMessage({ id: labelId })}
          htmlFor={`${id}-${part}`}
          validateStatus={error ? 'error' : undefined}
          help={error ? intl.formatMessage({ id: error }) : undefined}
        >
          <Input
            id={`${id}-${part}`}
            inputMode={inputMode}
            suffix={suffix}
            value={value}
            onChange={(event) => dispatch(draftChanged({ [key]: event.target.value }))}
          />
        </Form.Item>
      </Col>
    );
  };
  return (
    <>
      {bound(fromKey, 'from', fromLabelId)}
      {bound(toKey, 'to', toLabelId)}
    </>
  );
}

/** Whether any range input of the dialog holds a value its validation rejects (Search is then disabled). */
export function hasRangeInputError(draft: AdvancedSearchDraft, fromKeys: readonly RangeKey[]): boolean {
  return fromKeys.some(
    (key) =>
      areaInputError(String(draft[key] ?? '')) !== null ||
      areaInputError(String(draft[key.replace(/_from$/, '_to') as keyof AdvancedSearchDraft] ?? '')) !== null,
  );
}

import { Button, Checkbox, Col, Form, Input, Modal, Radio, Row, Select, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { criteriaFromDraft, HIDDEN_DRAFT_KEYS } from './advancedDraft';
import { hasRangeInputError, RangeFields } from './RangeFields';
import { LookupFormItem } from './LookupSelect';
import {
  advancedDialogClosed,
  draftCantonChosen,
  draftChanged,
  draftCleared,
  draftMunicipalitiesChosen,
  searchRequested,
  selectDialogOpen,
  selectDraft,
} from './searchSlice';
import { useLookupOptions } from './useLookupOptions';

/** Max width of the search dialog (spec §9). */
const DIALOG_WIDTH = 900;
/** The dialog's range filters, by their `_from` keys. */
const RANGE_INPUTS = ['PRC_SUR_from', 'POT_RES_from', 'POT_UTI_from'] as const;

function asList(value: string[] | string | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function asOne(value: string[] | string | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * 'Search for Parcels' (spec §2): every field in the spec's order, the canton-first rule, type-to-find
 * lookups, numeric parcel-size inputs with their validation, the hidden freeway fields, Search and Clear.
 * The form lives in the search slice so its rules (canton clears municipality and street …) are reducers.
 */
export function AdvancedSearchDialog() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectDialogOpen);
  const draft = useAppSelector(selectDraft);
  const lookups = useLookupOptions(open);
  const needsCanton = !draft.CANTON;
  const rangeError = hasRangeInputError(draft, RANGE_INPUTS);
  const label = (id: string) => intl.formatMessage({ id });
  // A draft restored from an older snapshot or support file has no text field yet.
  const searchText = draft.searchQuery ?? '';

  return (
    <Modal
      open={open}
      width={DIALOG_WIDTH}
      title={label('search.dialog.title')}
      onCancel={() => dispatch(advancedDialogClosed())}
      destroyOnHidden
      footer={[
        <Button key="clear" onClick={() => dispatch(draftCleared())}>
          <FormattedMessage id="search.dialog.clear" />
        </Button>,
        <Button
          key="search"
          type="primary"
          disabled={rangeError}
          onClick={() => dispatch(searchRequested(criteriaFromDraft(draft)))}
        >
          <FormattedMessage id="search.dialog.search" />
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div">
        <Row gutter={16}>
          <Col xs={24}>
            {/* The quick-search text travels with the advanced search: visible here, and clearable. */}
            <Form.Item
              label={label('search.field.text')}
              htmlFor="search-text"
              extra={searchText.trim() ? label('search.dialog.textHint') : undefined}
            >
              <Input
                id="search-text"
                allowClear
                value={searchText}
                onChange={(event) => dispatch(draftChanged({ searchQuery: event.target.value }))}
              />
            </Form.Item>
          </Col>
          <LookupFormItem
            field="canton"
            labelId="search.field.canton"
            value={draft.CANTON}
            {...lookups.canton}
            onChange={(value) => dispatch(draftCantonChosen(asOne(value)))}
          />
          <LookupFormItem
            field="locname"
            labelId="search.field.municipality"
            multiple
            needsCanton={needsCanton}
            value={draft.LOCNAME}
            {...lookups.locname}
            onChange={(value) => dispatch(draftMunicipalitiesChosen(asList(value)))}
          />
          <LookupFormItem
            field="street"
            labelId="search.field.street"
            multiple
            needsCanton={needsCanton}
            value={draft.STREET}
            {...lookups.street}
            onChange={(value) => dispatch(draftChanged({ STREET: asList(value) }))}
          />
          <LookupFormItem
            field="thermal"
            labelId="search.field.thermal"
            multiple
            needsCanton={needsCanton}
            value={draft.GRN_TRM}
            {...lookups.thermal}
            onChange={(value) => dispatch(draftChanged({ GRN_TRM: asList(value) }))}
          />
          <LookupFormItem
            field="alphaPri"
            labelId="search.field.alphaPri"
            needsCanton={needsCanton}
            value={draft.ALPHA_PRI}
            {...lookups.alphaPri}
            onChange={(value) => dispatch(draftChanged({ ALPHA_PRI: asOne(value) }))}
          />
          <LookupFormItem
            field="alphaSec"
            labelId="search.field.alphaSec"
            needsCanton={needsCanton}
            value={draft.ALPHA_SEC}
            {...lookups.alphaSec}
            onChange={(value) => dispatch(draftChanged({ ALPHA_SEC: asOne(value) }))}
          />
          <Col xs={24} md={12}>
            <Form.Item label={label('search.field.parcelNumber')} htmlFor="search-prc-no">
              <Input
                id="search-prc-no"
                value={draft.PRC_NO ?? ''}
                onChange={(event) => dispatch(draftChanged({ PRC_NO: event.target.value }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={label('search.field.parcelId')} htmlFor="search-prc-id">
              <Input
                id="search-prc-id"
                value={draft.PRC_ID ?? ''}
                onChange={(event) => dispatch(draftChanged({ PRC_ID: event.target.value }))}
              />
            </Form.Item>
          </Col>
          <RangeFields
            draft={draft}
            fromKey="PRC_SUR_from"
            id="search-size"
            fromLabelId="search.field.sizeFrom"
            toLabelId="search.field.sizeTo"
            suffix="m²"
            inputMode="numeric"
          />
          <RangeFields
            draft={draft}
            fromKey="POT_RES_from"
            id="search-reserve"
            fromLabelId="search.field.reserveFrom"
            toLabelId="search.field.reserveTo"
            suffix="m²"
            inputMode="numeric"
          />
          <RangeFields
            draft={draft}
            fromKey="POT_UTI_from"
            id="search-utilisation"
            fromLabelId="search.field.utilisationFrom"
            toLabelId="search.field.utilisationTo"
            inputMode="decimal"
          />
          <Col xs={24}>
            <Typography.Text type="secondary" data-testid="reserve-estimate-hint">
              <FormattedMessage id="search.dialog.reserveHint" />
            </Typography.Text>
          </Col>
          <Col xs={24}>
            <Form.Item label={label('search.field.objects')}>
              <Radio.Group
                value={draft.OBJECT_OPTIONS ?? ''}
                onChange={(event) =>
                  dispatch(draftChanged({ OBJECT_OPTIONS: event.target.value || undefined }))
                }
                options={[
                  { value: '', label: label('search.objects.all') },
                  { value: 'With', label: label('search.objects.with') },
                  { value: 'Without', label: label('search.objects.without') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item>
              <Checkbox
                checked={draft.GRN_RAD}
                onChange={(event) => dispatch(draftChanged({ GRN_RAD: event.target.checked }))}
              >
                <FormattedMessage id="search.field.radon" />
              </Checkbox>
              <Checkbox
                checked={draft.PRO_BUN}
                onChange={(event) => dispatch(draftChanged({ PRO_BUN: event.target.checked }))}
              >
                <FormattedMessage id="search.field.protectedNational" />
              </Checkbox>
              <Checkbox
                checked={draft.includeRoads}
                onChange={(event) => dispatch(draftChanged({ includeRoads: event.target.checked }))}
              >
                <FormattedMessage id="search.field.includeRoads" />
              </Checkbox>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={label('search.field.propertyType')} htmlFor="search-prc-typ">
              <Select<'Eigentum' | 'Baurecht'>
                id="search-prc-typ"
                aria-label={label('search.field.propertyType')}
                allowClear
                value={draft.PRC_TYP}
                onChange={(value) => dispatch(draftChanged({ PRC_TYP: value ?? undefined }))}
                options={[
                  { value: 'Eigentum', label: label('search.propertyType.freehold') },
                  { value: 'Baurecht', label: label('search.propertyType.leasehold') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        {/* The freeway and PUTRA fields exist but are hidden (spec §2); they keep a shared link's values. */}
        {HIDDEN_DRAFT_KEYS.map((key) => (
          <input key={key} type="hidden" name={key} value={String(draft[key as keyof typeof draft] ?? '')} />
        ))}
      </Form>
    </Modal>
  );
}

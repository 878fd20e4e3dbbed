import { Alert, Button, Flex, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { serverErrorBody } from '../../api/responses';
import {
  LV95_SWITZERLAND,
  nearestPrintScale,
  printGroundSize,
  PRINT_LOCALES,
  PRINT_ORIENTATIONS,
  PRINT_PAPERS,
  PRINT_SCALES,
  PRINT_TITLE_MAX_LENGTH,
  type MapPrintRequest,
  type PrintLocale,
  type PrintOrientation,
  type PrintPaper,
  type PrintScale,
} from '../../contract/MapPrint';
import { lv95FromWgs84 } from '../../lib/geo/lv95';
import { formatLv95Value } from '../../lib/geo/lv95Format';
import { selectLayersOn } from '../layers/layersSlice';
import { showSnackbar } from '../ui/uiSlice';
import { useDownloadMapPrintMutation } from './printEndpoints';
import { printFrameRing, screenScale } from './printFrameRing';
import { printDialogToggled, printFrameChanged, selectPrintDialogOpen } from './printSlice';
import './printDialog.css';

/** Layers a plan cannot show: imagery, relief and extrusions (ADR 033). */
const NOT_PRINTED = new Set(['satellite', 'terrain', 'buildings-3d']);

const inSwitzerland = ({ east, north }: { east: number; north: number }) =>
  east >= LV95_SWITZERLAND.minE &&
  east <= LV95_SWITZERLAND.maxE &&
  north >= LV95_SWITZERLAND.minN &&
  north <= LV95_SWITZERLAND.maxN;

interface PrintChoices {
  paper: PrintPaper;
  orientation: PrintOrientation;
  scale: PrintScale;
  title: string;
}

/** The dialog's content, mounted afresh at each opening: the default scale is the view's. */
function PrintForm({ onDone }: { onDone: () => void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { search } = useLocation();
  const { center, zoom } = useAppSelector((state) => state.map);
  const layers = useAppSelector(selectLayersOn);
  const [form] = Form.useForm<PrintChoices>();
  const [failure, setFailure] = useState<string | null>(null);
  const [download, { isLoading }] = useDownloadMapPrintMutation();
  const initial = useMemo<PrintChoices>(
    () => ({
      paper: 'A4',
      orientation: 'landscape',
      scale: nearestPrintScale(screenScale(zoom, center[1])),
      title: '',
    }),
    // The view at opening only: moving the map later keeps the scale the user has.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const paper = Form.useWatch('paper', form) ?? initial.paper;
  const orientation = Form.useWatch('orientation', form) ?? initial.orientation;
  const scale = Form.useWatch('scale', form) ?? initial.scale;
  const lv95 = useMemo(() => {
    const { east, north } = lv95FromWgs84(center);
    return { east: Math.round(east), north: Math.round(north) };
  }, [center]);
  const printable = inSwitzerland(lv95);

  useEffect(() => {
    dispatch(
      printFrameChanged(printable ? printFrameRing({ paper, orientation, scale, center: lv95 }) : null),
    );
  }, [dispatch, paper, orientation, scale, lv95, printable]);

  const ground = printGroundSize(paper, orientation, scale);
  const notPrinted = layers.filter((id) => NOT_PRINTED.has(id));
  const label = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const submit = async (choices: PrintChoices) => {
    setFailure(null);
    const request: MapPrintRequest = {
      paper: choices.paper,
      orientation: choices.orientation,
      scale: choices.scale,
      center: lv95,
      layers,
      title: choices.title.trim(),
      locale: ((PRINT_LOCALES as readonly string[]).includes(intl.locale)
        ? intl.locale
        : 'en') as PrintLocale,
      // Re-encoded as a form query, so a hand-typed address still reads as the server expects.
      view: new URLSearchParams(search).toString(),
    };
    try {
      const { fileName } = await download(request).unwrap();
      dispatch(showSnackbar('success', { id: 'print.done', values: { fileName } }));
      onDone();
    } catch (error) {
      const body = serverErrorBody(error);
      setFailure(
        label('print.failed', { message: body.message ?? body.errorMessage ?? label('print.failedUnknown') }),
      );
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void submit(values)}>
      <Flex gap={16} wrap>
        <Form.Item name="paper" label={label('print.paper')}>
          <Radio.Group
            optionType="button"
            options={PRINT_PAPERS.map((value) => ({ value, label: value }))}
            data-testid="print-paper"
          />
        </Form.Item>
        <Form.Item name="orientation" label={label('print.orientation')}>
          <Radio.Group
            optionType="button"
            options={PRINT_ORIENTATIONS.map((value) => ({ value, label: label(`print.option.${value}`) }))}
            data-testid="print-orientation"
          />
        </Form.Item>
      </Flex>
      <Form.Item
        name="scale"
        label={label('print.scale')}
        extra={label('print.extent', {
          width: formatLv95Value(ground.width, 0),
          height: formatLv95Value(ground.height, 0),
        })}
      >
        <Select
          data-testid="print-scale"
          options={PRINT_SCALES.map((value) => ({ value, label: `1:${formatLv95Value(value, 0)}` }))}
        />
      </Form.Item>
      <Form.Item
        name="title"
        label={label('print.titleLabel')}
        rules={[
          {
            max: PRINT_TITLE_MAX_LENGTH,
            message: label('print.titleTooLong', { max: PRINT_TITLE_MAX_LENGTH }),
          },
        ]}
      >
        <Input
          placeholder={label('print.titlePlaceholder')}
          showCount={{ formatter: ({ count }) => `${count} / ${PRINT_TITLE_MAX_LENGTH}` }}
          data-testid="print-title"
        />
      </Form.Item>
      <Typography.Paragraph type="secondary">{label('print.frameHint')}</Typography.Paragraph>
      {notPrinted.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={label('print.notPrinted', {
            layers: notPrinted.map((id) => label(`layers.name.${id}`)).join(', '),
          })}
        />
      )}
      {!printable && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={label('print.outsideSwitzerland')}
        />
      )}
      {failure && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={failure}
          data-testid="print-failure"
        />
      )}
      <Flex justify="end" gap={8}>
        <Button onClick={onDone}>{label('print.cancel')}</Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={isLoading}
          disabled={!printable}
          data-testid="print-create"
        >
          {label('print.create')}
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * Printing the map to scale (ADR 033): paper, orientation, scale and an optional title; the map shows
 * the print frame meanwhile (printSlice → PrintFrameLayer), so the dialog leaves the map visible and
 * usable beside it. "Create PDF" downloads the server's PDF.
 */
export function MapPrintDialog() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectPrintDialogOpen);
  const close = () => dispatch(printDialogToggled(false));
  return (
    <Modal
      open={open}
      title={intl.formatMessage({ id: 'print.title' })}
      onCancel={close}
      footer={null}
      mask={false}
      destroyOnHidden
      rootClassName="print-dialog"
      width={420}
      data-testid="print-dialog"
    >
      <PrintForm onDone={close} />
    </Modal>
  );
}

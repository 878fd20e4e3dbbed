import { Button, Modal, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';

export interface DwgDialogProps {
  open: boolean;
  onClose: () => void;
  /** Downloads the DXF instead, which every DWG tool opens. */
  onDxf: () => void;
}

/**
 * The DWG action, honestly: there is no open DWG writer (spec §1 names the format), so the dialog says so
 * and offers the DXF, which AutoCAD, BricsCAD and every DWG tool open and can save as DWG. A DXF is never
 * handed out renamed as a DWG.
 */
export function DwgDialog({ open, onClose, onDxf }: DwgDialogProps) {
  const intl = useIntl();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={intl.formatMessage({ id: 'reports.dwg.title' })}
      footer={[
        <Button key="close" onClick={onClose}>
          <FormattedMessage id="common.close" />
        </Button>,
        <Button
          key="dxf"
          type="primary"
          onClick={() => {
            onDxf();
            onClose();
          }}
        >
          <FormattedMessage id="reports.dwg.downloadDxf" />
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        <FormattedMessage id="reports.dwg.body" />
      </Typography.Paragraph>
    </Modal>
  );
}

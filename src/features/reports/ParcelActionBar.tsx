import {
  BankOutlined,
  BlockOutlined,
  BuildOutlined,
  FilePdfOutlined,
  FileSearchOutlined,
  FileUnknownOutlined,
  GlobalOutlined,
  ReadOutlined,
  SunOutlined,
} from '@ant-design/icons';
import { Button, Flex, Select, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { ParcelFullResponse } from '../../contract/Parcel';
import {
  REPORT_LANGUAGES,
  externalLinkParcel,
  externalLinkUrl,
  type ExternalLinkId,
  type ReportLanguage,
} from '../../contract/Reports';
import { DwgDialog } from './DwgDialog';
import {
  reportLanguageChosen,
  reportRequested,
  selectPendingReport,
  type ReportDocument,
} from './reportSlice';
import { useReportLanguage } from './useReportLanguage';

const DOCUMENT_ICONS: Record<ReportDocument, ReactNode> = {
  pdf: <FilePdfOutlined />,
  assessment: <FileSearchOutlined />,
  dxf: <BuildOutlined />,
  ifc: <BlockOutlined />,
};

const LINK_ICONS: Record<ExternalLinkId, ReactNode> = {
  register: <BankOutlined />,
  regulations: <ReadOutlined />,
  solar: <SunOutlined />,
  elevation3d: <GlobalOutlined />,
};

const LINK_ORDER: ExternalLinkId[] = ['register', 'regulations', 'solar', 'elevation3d'];

/**
 * A link's label and hint. A demo parcel's register link opens the federal cadastral map at its position
 * (its EGRID is invented), and says so before it is opened.
 */
function linkTextIds(id: ExternalLinkId, synthetic: boolean): { label: string; hint: string } {
  return id === 'register' && synthetic
    ? { label: 'reports.action.registerDemo', hint: 'reports.link.register.demoHint' }
    : { label: `reports.action.${id}`, hint: `reports.link.${id}.hint` };
}

/**
 * The drawer's action bar (ADR 013): the PDF report in a chosen language, the automated assessment,
 * DXF, DWG and IFC, and the external links (canton register, building regulations, solar potential,
 * 3D). Documents open in a new tab through a one-time token; the button spins while it is fetched.
 */
export function ParcelActionBar({ detail }: { detail: ParcelFullResponse }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const language = useReportLanguage();
  const pending = useAppSelector(selectPendingReport);
  const [dwgOpen, setDwgOpen] = useState(false);
  const prcId = detail.feature.PRC_ID;
  const request = (document: ReportDocument) => dispatch(reportRequested({ prcId, document, language }));
  const label = (id: string) => intl.formatMessage({ id });
  const documentButton = (document: ReportDocument, primary = false) => (
    <Button
      key={document}
      size="small"
      type={primary ? 'primary' : 'default'}
      icon={DOCUMENT_ICONS[document]}
      loading={pending?.prcId === prcId && pending.document === document}
      onClick={() => request(document)}
      data-testid={`report-action-${document}`}
    >
      {label(`reports.action.${document}`)}
    </Button>
  );
  const linkParcel = externalLinkParcel(detail, language);
  return (
    <Flex vertical gap={6} data-testid="parcel-action-bar" style={{ marginBottom: 12 }}>
      <Flex wrap gap={6} align="center">
        {documentButton('pdf', true)}
        <Select<ReportLanguage>
          size="small"
          value={language}
          onChange={(value) => dispatch(reportLanguageChosen(value))}
          aria-label={label('reports.language')}
          title={label('reports.language')}
          style={{ width: 64 }}
          options={REPORT_LANGUAGES.map((value) => ({ value, label: value.toUpperCase() }))}
          data-testid="report-language"
        />
        {documentButton('assessment')}
      </Flex>
      <Flex wrap gap={6} align="center">
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {label('reports.bar.cad')}
        </Typography.Text>
        {documentButton('dxf')}
        <Button
          size="small"
          icon={<FileUnknownOutlined />}
          onClick={() => setDwgOpen(true)}
          data-testid="report-action-dwg"
        >
          {label('reports.action.dwg')}
        </Button>
        {documentButton('ifc')}
      </Flex>
      <Flex wrap gap={6} align="center">
        {LINK_ORDER.map((id) => ({ id, text: linkTextIds(id, linkParcel.synthetic) })).map(({ id, text }) => (
          <Tooltip key={id} title={label(text.hint)}>
            <Button
              size="small"
              type="link"
              icon={LINK_ICONS[id]}
              href={externalLinkUrl(id, linkParcel)}
              target="_blank"
              rel="noopener noreferrer"
              style={{ paddingInline: 4 }}
              data-testid={`report-link-${id}`}
            >
              {label(text.label)}
            </Button>
          </Tooltip>
        ))}
      </Flex>
      <DwgDialog open={dwgOpen} onClose={() => setDwgOpen(false)} onDxf={() => request('dxf')} />
    </Flex>
  );
}

import {
  CloseOutlined,
  DownOutlined,
  FileOutlined,
  FilePdfOutlined,
  LinkOutlined,
  UpOutlined,
} from '@ant-design/icons';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { SITE_MIN_PARCELS, type LandSite } from '../../contract/Sites';
import { formatNumber } from '../../lib/format/numbers';
import { AddAllToListButton } from '../lists/AddToListButton';
import { CompareSiteButton } from '../compare/CompareSiteButton';
import { useCopyPageLink } from '../ui/useCopyPageLink';
import { selectSiteEntries, siteCleared, siteParcelToggled } from './siteSlice';
import { useDownloadSiteFileMutation, useGetSiteQuery } from './siteEndpoints';
import './site.css';

const squareMetres = (value: number) => `${formatNumber(value, 0)} m²`;

/** The site's figures, its parcels with their EGRIDs and its constraints. */
function SiteFigures({ site }: { site: LandSite }) {
  const intl = useIntl();
  const figure = (id: string, value: string, testId: string) => (
    <div className="site-figure" data-testid={testId}>
      <dt>{intl.formatMessage({ id })}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <>
      <dl className="site-figures">
        {figure('site.panel.area', squareMetres(site.area), 'site-area')}
        {figure('site.panel.buildable', squareMetres(site.buildableFloorArea), 'site-buildable')}
        {figure('site.panel.reserve', squareMetres(site.reserve), 'site-reserve')}
      </dl>
      <Typography.Title level={5}>{intl.formatMessage({ id: 'site.panel.constraints' })}</Typography.Title>
      <ul className="site-constraints" data-testid="site-constraints">
        {site.constraints.map((constraint) => (
          <li key={constraint.key} data-binding={constraint.binding}>
            <span className="site-constraint-label">{constraint.label}</span>
            <span>
              {constraint.value}
              {constraint.parcels.length > 0 && (
                <span className="site-constraint-parcels"> · {constraint.parcels.join(', ')}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The site being assembled on the map (shift-click, or the "Build a site" tool on touch screens): its
 * parcels, and from two neighbouring ones on its figures, constraints, the site PDF and DXF, and "Add to
 * list" for all its parcels.
 */
export function SitePanel() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const entries = useAppSelector(selectSiteEntries);
  const egrids = entries.map((entry) => entry.egrid);
  const enough = entries.length >= SITE_MIN_PARCELS;
  const { data, error, isFetching } = useGetSiteQuery(egrids, { skip: !enough });
  const [download, { isLoading: downloading }] = useDownloadSiteFileMutation();
  const copyLink = useCopyPageLink('site.panel.linkCopied');
  // Folded to its title line, the panel leaves the map free for more clicks (a phone's whole screen).
  const [folded, setFolded] = useState(false);
  if (entries.length === 0) return null;
  // A shared link's parcels are known by EGRID until the site's figures bring their numbers.
  const parcelName = ({ egrid, number }: { egrid: string; number: string }) =>
    number ? intl.formatMessage({ id: 'parcel.title' }, { number }) : egrid;
  const failure =
    error && 'data' in error
      ? (error.data as { message?: string; errorMessage?: string } | undefined)
      : undefined;
  return (
    <section
      className="site-panel"
      data-testid="site-panel"
      aria-label={intl.formatMessage({ id: 'site.panel.title' })}
    >
      <Flex justify="space-between" align="center" gap={4}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {intl.formatMessage({ id: 'site.panel.title' })}
        </Typography.Title>
        <Typography.Text type="secondary" data-testid="site-summary" style={{ marginRight: 'auto' }}>
          {intl.formatMessage({ id: 'site.panel.summary' }, { count: entries.length })}
          {data && !isFetching && ` · ${squareMetres(data.area)}`}
        </Typography.Text>
        <Button
          type="text"
          icon={folded ? <UpOutlined /> : <DownOutlined />}
          aria-expanded={!folded}
          aria-label={intl.formatMessage({ id: folded ? 'site.panel.expand' : 'site.panel.collapse' })}
          data-testid="site-fold"
          onClick={() => setFolded(!folded)}
        />
        <Button
          type="text"
          icon={<CloseOutlined />}
          data-testid="site-clear"
          onClick={() => dispatch(siteCleared())}
        >
          {intl.formatMessage({ id: 'site.panel.clear' })}
        </Button>
      </Flex>
      {!folded && (
        <>
          <ul className="site-parcels" data-testid="site-parcels">
            {(data?.parcels ?? entries).map((parcel) => (
              <li key={parcel.egrid}>
                <span>
                  {parcelName(parcel)}
                  <span className="site-egrid">EGRID {parcel.egrid}</span>
                </span>
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined />}
                  aria-label={intl.formatMessage(
                    { id: 'site.panel.remove' },
                    { number: parcel.number || parcel.egrid },
                  )}
                  onClick={() => dispatch(siteParcelToggled({ egrid: parcel.egrid, number: parcel.number }))}
                />
              </li>
            ))}
          </ul>
          {!enough ? (
            <Typography.Paragraph type="secondary" data-testid="site-hint">
              <FormattedMessage id="site.panel.hint" />
            </Typography.Paragraph>
          ) : failure ? (
            <Alert
              type="error"
              showIcon
              data-testid="site-error"
              message={
                failure.message ?? failure.errorMessage ?? intl.formatMessage({ id: 'site.panel.failed' })
              }
            />
          ) : data && !isFetching ? (
            <>
              <SiteFigures site={data} />
              <Flex gap={8} wrap>
                <Button
                  type="primary"
                  icon={<FilePdfOutlined />}
                  loading={downloading}
                  data-testid="site-pdf"
                  onClick={() => void download({ egrids, format: 'pdf' })}
                >
                  {intl.formatMessage({ id: 'site.panel.downloadPdf' })}
                </Button>
                <Button
                  icon={<FileOutlined />}
                  loading={downloading}
                  data-testid="site-dxf"
                  onClick={() => void download({ egrids, format: 'dxf' })}
                >
                  {intl.formatMessage({ id: 'site.panel.downloadDxf' })}
                </Button>
                {/* Saves the site in a list: all its parcels in one request. */}
                <AddAllToListButton
                  prcIds={egrids}
                  from="site"
                  type="default"
                  size="middle"
                  testId="site-add-to-list"
                />
                <CompareSiteButton parcels={data.parcels} />
                <Button icon={<LinkOutlined />} data-testid="site-copy-link" onClick={() => void copyLink()}>
                  {intl.formatMessage({ id: 'site.panel.copyLink' })}
                </Button>
              </Flex>
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
                <FormattedMessage id="site.panel.quota" />
              </Typography.Paragraph>
            </>
          ) : (
            <Spin
              aria-label={intl.formatMessage({ id: 'common.loading' })}
              style={{ display: 'block', margin: 16 }}
            />
          )}
        </>
      )}
    </section>
  );
}

import { ArrowLeftOutlined, CloseOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Result, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { serverErrorBody } from '../../api/responses';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ROUTE_PATHS } from '../../routing/routePaths';
import {
  COMPARISON_MAX_PARCELS,
  COMPARISON_MIN_PARCELS,
  type ComparedParcel,
  type ParcelComparison,
} from '../../contract/Comparison';
import { comparisonReplaced, parcelUncompared, selectComparedEntries } from './compareSlice';
import { useDownloadComparisonPdfMutation, useGetComparisonQuery } from './comparisonEndpoints';
import { comparisonLink, egridsOfQuery } from './comparisonUrl';
import './compare.css';

/** The aligned table: labels in a sticky first column, a column per parcel, differences and ranks marked. */
/** "Parcel 34", or for a site "Site of 3 parcels: 34, 35, 36" (as the PDF heads its columns). */
function columnTitle(column: ComparedParcel, intl: IntlShape): string {
  if (!column.parcels) return intl.formatMessage({ id: 'parcel.title' }, { number: column.number });
  const numbers = column.parcels.map((parcel) => parcel.number).join(', ');
  return intl.formatMessage({ id: 'compare.site.title' }, { count: column.parcels.length, numbers });
}

function ComparisonTable({
  comparison,
  onRemove,
}: {
  comparison: ParcelComparison;
  onRemove(egrid: string): void;
}) {
  const intl = useIntl();
  const rankText = {
    best: intl.formatMessage({ id: 'compare.legend.best' }),
    worst: intl.formatMessage({ id: 'compare.legend.worst' }),
  };
  return (
    <div className="comparison-scroll">
      <table className="comparison-table" data-testid="comparison-table">
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: 'compare.screen.parcelColumn' })}</th>
            {comparison.parcels.map((parcel) => (
              <th scope="col" key={parcel.egrid} data-testid="comparison-parcel">
                <Flex justify="space-between" align="start" gap={4}>
                  <span>
                    {columnTitle(parcel, intl)} · {parcel.place} ({parcel.canton})
                    <span className="comparison-egrid">
                      EGRID {(parcel.parcels ?? [parcel]).map((each) => each.egrid).join(', ')}
                    </span>
                  </span>
                  <Button
                    type="text"
                    size="small"
                    icon={<CloseOutlined />}
                    aria-label={
                      parcel.parcels
                        ? intl.formatMessage({ id: 'compare.action.removeSite' })
                        : intl.formatMessage({ id: 'compare.screen.removeParcel' }, { number: parcel.number })
                    }
                    onClick={() => onRemove(parcel.egrid)}
                  />
                </Flex>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {comparison.rows.map((row) => (
            <tr
              key={row.key}
              className={row.differs ? 'comparison-row-differs' : undefined}
              data-row={row.key}
              data-differs={row.differs}
            >
              <th scope="row">
                {row.label}
                {row.differs && (
                  <span className="visually-hidden">
                    {' '}
                    ({intl.formatMessage({ id: 'compare.legend.differs' })})
                  </span>
                )}
              </th>
              {row.values.map((value, i) => {
                const rank = row.ranks[i];
                return (
                  <td
                    key={comparison.parcels[i].egrid}
                    className={rank ? `comparison-cell-${rank}` : undefined}
                    data-rank={rank ?? undefined}
                    title={rank ? rankText[rank] : undefined}
                  >
                    {value}
                    {rank && <span className="visually-hidden"> ({rankText[rank]})</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * `/compare?egrids=CH…,CH…`: 2–5 parcels side by side (the link can be shared; opening it fills the
 * tray), the comparison PDF, and what both count on the plan.
 */
export function ComparisonScreen() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const tray = useAppSelector(selectComparedEntries);
  const egrids = egridsOfQuery(search);
  const enough = egrids.length >= COMPARISON_MIN_PARCELS;
  const { data, error, isFetching } = useGetComparisonQuery(egrids, { skip: !enough });
  const [downloadPdf, { isLoading: downloading }] = useDownloadComparisonPdfMutation();

  // Without parcels in the link, the tray's parcels (the tray's "Compare" button does the same).
  const trayLink = tray.length >= COMPARISON_MIN_PARCELS ? comparisonLink(tray.map((e) => e.egrid)) : null;
  useEffect(() => {
    if (egrids.length === 0 && trayLink) void navigate(trayLink, { replace: true });
  }, [egrids.length, trayLink, navigate]);
  useEffect(() => {
    if (data) dispatch(comparisonReplaced(data.parcels.map((p) => ({ egrid: p.egrid, number: p.number }))));
  }, [data, dispatch]);

  const remove = (egrid: string) => {
    dispatch(parcelUncompared(egrid));
    void navigate(comparisonLink(egrids.filter((e) => e !== egrid)), { replace: true });
  };
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(ROUTE_PATHS.mapview)}>
      {intl.formatMessage({ id: 'compare.screen.back' })}
    </Button>
  );
  const failure = error ? serverErrorBody(error) : null;

  return (
    <div className="comparison-screen" data-testid="comparison-screen">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {intl.formatMessage({ id: 'compare.screen.title' })}
        </Typography.Title>
        <Flex gap={8} wrap>
          {back}
          {enough && (
            <Button
              type="primary"
              icon={<FilePdfOutlined />}
              loading={downloading}
              disabled={!data}
              data-testid="comparison-pdf"
              onClick={() => void downloadPdf(egrids)}
            >
              {intl.formatMessage({ id: 'compare.screen.downloadPdf' })}
            </Button>
          )}
        </Flex>
      </Flex>
      {!enough ? (
        <Result
          status="info"
          title={intl.formatMessage({ id: 'compare.screen.tooFew' }, { max: COMPARISON_MAX_PARCELS })}
        />
      ) : failure ? (
        <Alert
          type="error"
          showIcon
          data-testid="comparison-error"
          message={intl.formatMessage(
            { id: 'compare.screen.failed' },
            { message: failure.message ?? failure.errorMessage ?? '' },
          )}
        />
      ) : data && !isFetching ? (
        <>
          <ComparisonTable comparison={data} onRemove={remove} />
          <div className="comparison-legend">
            <span className="legend-differs">{intl.formatMessage({ id: 'compare.legend.differs' })}</span>
            <span className="legend-best">{intl.formatMessage({ id: 'compare.legend.best' })}</span>
            <span className="legend-worst">{intl.formatMessage({ id: 'compare.legend.worst' })}</span>
          </div>
        </>
      ) : (
        <Spin
          aria-label={intl.formatMessage({ id: 'common.loading' })}
          style={{ display: 'block', margin: 32 }}
        />
      )}
      <Typography.Paragraph
        type="secondary"
        style={{ marginTop: 12, fontSize: 12 }}
        data-testid="comparison-quota"
      >
        <FormattedMessage id="compare.screen.quota" />
      </Typography.Paragraph>
    </div>
  );
}

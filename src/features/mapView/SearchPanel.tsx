import { skipToken } from '@reduxjs/toolkit/query/react';
import { Flex, Spin } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Parcel } from '../../contract/Parcel';
import { selectMapZoom } from '../map/mapSlice';
import { parcelSelected, selectSelectedParcelId } from '../parcel/parcelSlice';
import { FilterChips } from '../search/FilterChips';
import { QuickSearch } from '../search/QuickSearch';
import { ResultPaging } from '../search/ResultPaging';
import { ZoomBanner } from '../search/ZoomBanner';
import { useSearchParcelsQuery } from '../search/searchApi';
import { pageChanged, selectActiveSearch, selectSearching } from '../search/searchSlice';
import { reportRequested } from '../reports/reportSlice';
import { useReportLanguage } from '../reports/useReportLanguage';
import { ResultCard } from './ResultCard';

/**
 * The left panel of the map view (spec §2): search, count, paging, banner, chips and result cards. It
 * joins the three features: the search's results, the map's zoom, and the parcel a card selects.
 */
export function SearchPanel() {
  const dispatch = useAppDispatch();
  const active = useAppSelector(selectActiveSearch);
  const searching = useAppSelector(selectSearching);
  const selectedId = useAppSelector(selectSelectedParcelId);
  const zoom = useAppSelector(selectMapZoom);
  const { currentData } = useSearchParcelsQuery(active ?? skipToken);
  const hits = active ? (currentData?.hits.hits ?? []) : [];
  const total = active ? (currentData?.hits.total ?? null) : null;
  const reportLanguage = useReportLanguage();
  const open = (parcel: Parcel) => dispatch(parcelSelected({ id: parcel.PRC_ID, centroid: parcel.centroid }));
  const fullReport = (parcel: Parcel) =>
    dispatch(reportRequested({ prcId: parcel.PRC_ID, document: 'pdf', language: reportLanguage }));
  return (
    <Flex
      vertical
      gap={8}
      style={{ padding: 12, height: '100%', overflowY: 'auto' }}
      data-testid="search-panel"
    >
      <QuickSearch />
      <Spin spinning={searching} size="small">
        <Flex vertical gap={8}>
          {total && active && (
            <ResultPaging
              total={total.value}
              relation={total.relation}
              page={active.paging.page}
              size={active.paging.size}
              onPage={(page) => dispatch(pageChanged(page))}
            />
          )}
          <ZoomBanner zoom={zoom} showing={hits.length} />
          <FilterChips />
          {hits.map(({ _id, _source }) => (
            <ResultCard
              key={_id}
              parcel={_source}
              selected={_source.PRC_ID === selectedId}
              onOpen={open}
              onFullReport={fullReport}
            />
          ))}
        </Flex>
      </Spin>
    </Flex>
  );
}

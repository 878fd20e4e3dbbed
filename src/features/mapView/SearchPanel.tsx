import { skipToken } from '@reduxjs/toolkit/query/react';
import { lazy, Suspense } from 'react';
import { Flex, Spin } from 'antd';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
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
import { ZoomToResults } from './ZoomToResults';

// Shown once there are results; its antd Select is not part of the map route's first load.
const ResultSort = lazy(async () => ({
  default: (await import(/* webpackChunkName: "result-sort" */ '../search/ResultSort')).ResultSort,
}));
const SearchExportMenu = lazy(
  () => import(/* webpackChunkName: "search-export" */ '../search/SearchExportMenu'),
);

/**
 * The search panel of the map view (spec §2): search, count, paging, banner, chips and result cards. It
 * joins the three features: the search's results, the map's zoom, and the parcel a card selects. Its
 * head stays put and only the result list scrolls, in the side panel and in the
 * phone's bottom sheet alike.
 */
export function SearchPanel({ onOpenParcel }: { onOpenParcel?: () => void }) {
  const dispatch = useAppDispatch();
  const active = useAppSelector(selectActiveSearch);
  const searching = useAppSelector(selectSearching);
  const selectedId = useAppSelector(selectSelectedParcelId);
  const zoom = useAppSelector(selectMapZoom);
  const { currentData } = useSearchParcelsQuery(active ?? skipToken);
  const hits = active ? (currentData?.hits.hits ?? []) : [];
  const total = active ? (currentData?.hits.total ?? null) : null;
  const reportLanguage = useReportLanguage();
  const open = (parcel: Parcel) => {
    dispatch(parcelSelected({ id: parcel.PRC_ID, centroid: parcel.centroid }));
    onOpenParcel?.();
  };
  const fullReport = (parcel: Parcel) =>
    dispatch(reportRequested({ prcId: parcel.PRC_ID, document: 'pdf', language: reportLanguage }));
  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }} data-testid="search-panel">
      <Flex
        vertical
        gap={8}
        style={{ padding: '12px 12px 8px', flexShrink: 0 }}
        data-testid="search-panel-head"
      >
        <QuickSearch />
        {total && active && (
          <ResultPaging
            total={total.value}
            relation={total.relation}
            page={active.paging.page}
            size={active.paging.size}
            onPage={(page) => dispatch(pageChanged(page))}
          />
        )}
        <Flex gap={8} align="center" wrap>
          {/* No hits, nothing to zoom in for: the count says 'No results' (ADR 023). */}
          {hits.length > 0 && <ZoomBanner zoom={zoom} showing={hits.length} />}
          {active && <ZoomToResults results={currentData} />}
          <Spin spinning={searching} size="small" />
          {hits.length > 0 && active && (
            <Suspense fallback={null}>
              <ResultSort />
            </Suspense>
          )}
          {hits.length > 0 && active && (
            <Suspense fallback={null}>
              <SearchExportMenu search={active} />
            </Suspense>
          )}
        </Flex>
        <FilterChips />
      </Flex>
      <Flex
        vertical
        gap={8}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: '0 12px 12px' }}
        data-testid="result-list"
      >
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
    </Flex>
  );
}

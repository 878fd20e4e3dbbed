import { skipToken } from '@reduxjs/toolkit/query/react';
import { Drawer, Spin } from 'antd';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ParcelActionBar } from '../reports/ParcelActionBar';
import { ParcelDetails } from './ParcelDetails';
import { DRAWER_WIDTH } from './parcelDisplay';
import {
  parcelDetailClosed,
  selectDetailOpen,
  selectSelectedParcelId,
  useGetParcelFullQuery,
} from './parcelSlice';

/** The parcel detail drawer (spec §2, §4): opens on a map parcel or a result card, closes with its button. */
export function ParcelDrawer() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectDetailOpen);
  const id = useAppSelector(selectSelectedParcelId);
  const { currentData, isFetching } = useGetParcelFullQuery(open && id ? id : skipToken);
  return (
    <Drawer
      open={open}
      placement="right"
      mask={false}
      size={DRAWER_WIDTH}
      getContainer={false}
      onClose={() => dispatch(parcelDetailClosed())}
      title={
        currentData
          ? intl.formatMessage({ id: 'parcel.title' }, { number: currentData.feature.PRC_NO })
          : intl.formatMessage({ id: 'parcel.drawer.loading' })
      }
      closable={{ 'aria-label': intl.formatMessage({ id: 'parcel.drawer.close' }) }}
      data-testid="parcel-drawer"
    >
      {currentData && <ParcelActionBar detail={currentData} />}
      {isFetching && !currentData ? <Spin /> : currentData ? <ParcelDetails detail={currentData} /> : null}
    </Drawer>
  );
}

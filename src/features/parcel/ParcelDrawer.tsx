import { skipToken } from '@reduxjs/toolkit/query/react';
import { Drawer, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ParcelActionBar } from '../reports/ParcelActionBar';
import { ParcelCoordinates } from './ParcelCoordinates';
import { ParcelDetails } from './ParcelDetails';
import { DRAWER_WIDTH } from './parcelDisplay';
import {
  parcelDetailClosed,
  selectDetailOpen,
  selectSelectedParcelId,
  useGetParcelFullQuery,
} from './parcelSlice';

/** Below the modal layer: a dialog's mask dims the drawer like the rest of the screen. */
export const DRAWER_Z_INDEX = 10;

/**
 * The parcel detail drawer (spec §2, §4): opens on a map parcel or a result card, closes with its button.
 * On a phone it covers the whole map area.
 */
export function ParcelDrawer({
  fullScreen = false,
  closeOnEscape = true,
  renderActions,
}: {
  fullScreen?: boolean;
  /** Off while another tool (measuring) uses Esc. */
  closeOnEscape?: boolean;
  /** Actions of other features on the open parcel (add to a list), under the document actions. */
  renderActions?: (prcId: string, prcNo: string) => ReactNode;
}) {
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
      size={fullScreen ? '100%' : DRAWER_WIDTH}
      zIndex={DRAWER_Z_INDEX}
      keyboard={closeOnEscape}
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
      {currentData && renderActions?.(currentData.feature.PRC_ID, currentData.feature.PRC_NO)}
      {isFetching && !currentData ? (
        <Spin />
      ) : currentData ? (
        <>
          <ParcelCoordinates parcel={currentData.feature} />
          <ParcelDetails detail={currentData} />
        </>
      ) : null}
    </Drawer>
  );
}

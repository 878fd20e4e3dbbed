import { useLocation } from 'react-router';
import { useAppDispatch } from '../../store/hooks';
import { copyText } from '../../lib/browser/copyText';
import { showSnackbar } from './uiSlice';

/**
 * Copies the screen's link (the router's URL, which the URL-state listener keeps equal to the screen: camera, parcel,
 * site, filters) and says so in a snackbar: `doneId` when copied, a failure message otherwise.
 */
export function useCopyPageLink(doneId: string): () => Promise<void> {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  return async () => {
    const copied = await copyText(`${window.location.origin}${pathname}${search}`);
    dispatch(
      copied
        ? showSnackbar('success', { id: doneId })
        : showSnackbar('error', { id: 'mapTools.copyLink.failed' }),
    );
  };
}

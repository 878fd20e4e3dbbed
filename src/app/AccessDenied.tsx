import { Result } from 'antd';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useLocation } from 'react-router';
import { showSnackbar } from '../features/ui/uiSlice';
import { useAppDispatch } from '../store/hooks';

/** Refuses the navigation: back to where the user came from when there is such a place. */
export function AccessDenied() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const intl = useIntl();
  const cameFromAnotherPage = location.key !== 'default';
  useEffect(() => {
    dispatch(showSnackbar('error', { id: 'error.deniedAccess' }));
    if (cameFromAnotherPage) navigate(-1);
  }, [dispatch, navigate, cameFromAnotherPage]);
  return <Result status="403" title={intl.formatMessage({ id: 'error.deniedAccess' })} />;
}

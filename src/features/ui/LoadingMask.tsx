import './light.css';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../store/hooks';
import { LOADING_MASK_Z_INDEX } from '../../theme/palette';
import { selectMaskVisible } from './uiSlice';

/** The full-screen loading mask of spec §2, shown and hidden through the ui slice. */
export function LoadingMask() {
  const visible = useAppSelector(selectMaskVisible);
  const intl = useIntl();
  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-busy="true"
      aria-label={intl.formatMessage({ id: 'common.loading' })}
      data-testid="loading-mask"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: LOADING_MASK_Z_INDEX,
        background: 'rgba(255, 255, 255, 0.7)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {/* antd's large Spin, drawn in CSS (light.css): the mask is in the entry, which carries no antd. */}
      <span className="light-spin" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}

import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { LOADING_MASK_Z_INDEX, PALETTE } from '../../theme/palette';
import { CloseIcon } from './icons';
import { LightButton } from './LightButton';
import {
  closeSnackbar,
  selectSnackbars,
  snackbarActionChosen,
  type SnackbarKind,
  type SnackbarMessage,
} from './uiSlice';

/** Background colour of a snackbar kind (spec §4 kinds, spec §9 colours). */
const SNACKBAR_COLORS: Record<SnackbarKind, string> = {
  success: PALETTE.success,
  error: PALETTE.error,
  warning: PALETTE.warning,
  info: PALETTE.info,
  default: PALETTE.primary,
};

/** The snackbar message area: the queued messages, newest last, each with a close button. */
export function SnackbarArea() {
  const snackbars = useAppSelector(selectSnackbars);
  if (snackbars.length === 0) return null;
  return (
    <div
      aria-live="polite"
      style={{
        position: 'fixed',
        left: '50%',
        bottom: 24,
        transform: 'translateX(-50%)',
        // Above the loading mask: the language change shows its message while the mask is up.
        zIndex: LOADING_MASK_Z_INDEX + 1,
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
        width: 'min(560px, calc(100vw - 32px))',
      }}
    >
      {snackbars.map((snackbar) => (
        <Snackbar key={snackbar.key} snackbar={snackbar} />
      ))}
    </div>
  );
}

function Snackbar({ snackbar }: { snackbar: SnackbarMessage }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { message } = snackbar;
  const text = 'id' in message ? intl.formatMessage({ id: message.id }, message.values) : message.text;
  return (
    <div
      role={snackbar.kind === 'error' || snackbar.kind === 'warning' ? 'alert' : 'status'}
      data-kind={snackbar.kind}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '8px 8px 8px 16px',
        borderRadius: 4,
        color: '#fff',
        background: SNACKBAR_COLORS[snackbar.kind],
        boxShadow: '0 3px 5px rgba(0, 0, 0, 0.2)',
      }}
    >
      <span style={{ flex: 1 }}>{text}</span>
      {snackbar.action && (
        <LightButton
          type="text"
          size="small"
          style={{ color: '#fff', fontWeight: 600, textTransform: 'uppercase' }}
          onClick={() => dispatch(snackbarActionChosen({ key: snackbar.key, to: snackbar.action!.to }))}
        >
          {intl.formatMessage({ id: snackbar.action.labelId })}
        </LightButton>
      )}
      <LightButton
        type="text"
        size="small"
        aria-label={intl.formatMessage({ id: 'common.close' })}
        icon={<CloseIcon style={{ color: '#fff' }} />}
        onClick={() => dispatch(closeSnackbar(snackbar.key))}
      />
    </div>
  );
}

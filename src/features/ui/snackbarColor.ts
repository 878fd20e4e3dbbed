import { PALETTE } from '../../app/palette';
import type { SnackbarKind } from './SnackbarMessage';

const COLORS: Record<SnackbarKind, string> = {
  success: PALETTE.success,
  error: PALETTE.error,
  warning: PALETTE.warning,
  info: PALETTE.info,
  default: PALETTE.primary,
};

/** Background colour of a snackbar kind (spec §4 kinds, spec §9 colours). */
export function snackbarColor(kind: SnackbarKind): string {
  return COLORS[kind];
}

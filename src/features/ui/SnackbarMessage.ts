/** The snackbar kinds of spec §4 ("default" is the primary-coloured one). */
export type SnackbarKind = 'success' | 'error' | 'warning' | 'info' | 'default';

/** Values interpolated into a translated message; kept primitive so the store stays serialisable. */
export type MessageValues = Record<string, string | number>;

/** Either a translation id (with values) or a literal text, e.g. a server's English message. */
export type SnackbarText = { id: string; values?: MessageValues } | { text: string };

export interface SnackbarMessage {
  key: string;
  kind: SnackbarKind;
  message: SnackbarText;
}

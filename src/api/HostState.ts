import type { LanguageState } from '../features/i18n/languageSlice';
import type { SessionState } from '../features/auth/sessionSlice';

/** The part of the root state the base queries read (kept structural to avoid an import cycle with the store). */
export interface HostState {
  session: SessionState;
  language: LanguageState;
}

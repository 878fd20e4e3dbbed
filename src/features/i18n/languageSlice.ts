import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LANGUAGE, storedLanguage, type Language } from './Language';

export interface LanguageState {
  /** The user's stored choice; null means none was made and the default applies. */
  chosen: Language | null;
}

/** Read at store creation: the language lives under its own plain `user-language` key (spec §1). */
export function initialLanguageState(): LanguageState {
  return { chosen: storedLanguage() };
}

export const languageSlice = createSlice({
  name: 'language',
  initialState: initialLanguageState,
  reducers: {
    /** The choice is written to localStorage by a listener (see languageListeners). */
    setLanguage(state, action: PayloadAction<Language>) {
      state.chosen = action.payload;
    },
  },
  selectors: {
    selectLanguage: (state): Language => state.chosen ?? DEFAULT_LANGUAGE,
    selectStoredLanguage: (state): Language | null => state.chosen,
  },
});

export const { setLanguage } = languageSlice.actions;
export const { selectLanguage, selectStoredLanguage } = languageSlice.selectors;

/** The user picked a language in the language menu: save, inform, mask and reload (spec §2). */
export const languageChosen = createAction<Language>('language/chosen');

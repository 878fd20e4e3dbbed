import { createAction } from '@reduxjs/toolkit';
import type { Language } from './Language';

/** The user picked a language in the language menu: save, inform, mask and reload (spec §2). */
export const languageChosen = createAction<Language>('language/chosen');

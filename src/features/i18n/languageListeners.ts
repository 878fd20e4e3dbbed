import { reloadPage } from '../../store/appLifecycle';
import type { AppStartListening } from '../../store/storeTypes';
import { LANGUAGE_RELOAD_MS } from '../../lib/timing';
import { showMask, showSnackbar } from '../ui/uiSlice';
import { storeLanguage } from './Language';
import { languageChosen, setLanguage } from './languageSlice';

/** The language is kept under `user-language`; a choice in the menu informs, masks and reloads (spec §2). */
export function addI18nListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: setLanguage,
    effect: (action) => storeLanguage(action.payload),
  });

  startListening({
    actionCreator: languageChosen,
    effect: async (action, listenerApi) => {
      listenerApi.dispatch(setLanguage(action.payload));
      listenerApi.dispatch(showSnackbar('info', { id: 'language.changed' }));
      listenerApi.dispatch(showMask());
      await listenerApi.delay(LANGUAGE_RELOAD_MS);
      reloadPage();
    },
  });
}

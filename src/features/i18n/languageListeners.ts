import { startAppListening } from '../../app/listenerMiddleware';
import { reloadPage } from '../../app/reloadPage';
import { LANGUAGE_RELOAD_MS } from '../../lib/timing';
import { showMask, showSnackbar } from '../ui/uiSlice';
import { languageChosen } from './languageChosen';
import { setLanguage } from './languageSlice';
import { storeLanguage } from './storedLanguage';

startAppListening({
  actionCreator: setLanguage,
  effect: (action) => storeLanguage(action.payload),
});

startAppListening({
  actionCreator: languageChosen,
  effect: async (action, listenerApi) => {
    listenerApi.dispatch(setLanguage(action.payload));
    listenerApi.dispatch(showSnackbar('info', { id: 'language.changed' }));
    listenerApi.dispatch(showMask());
    await listenerApi.delay(LANGUAGE_RELOAD_MS);
    reloadPage();
  },
});

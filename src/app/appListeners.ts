// Every feature's listeners register themselves when imported: one line per listener module.
import '../features/auth/sessionListeners';
import '../features/auth/accessDeniedListener';
import '../features/auth/authListeners';
import '../features/i18n/languageListeners';
import '../features/ui/snackbarListeners';
import '../features/search/searchListeners';
import '../features/parcel/parcelListeners';
import '../features/realtime/socketListeners';

/**
 * Every delay and lifetime of spec §9 in one place, so tests drive them with fake timers
 * and nobody hard-codes a number that the spec may change.
 */

/** Navigation to / after a successful login or registration. */
export const LOGIN_REDIRECT_MS = 888;
/** Navigation to /login after a successful password reset or invitation acceptance. */
export const INVITE_RESET_REDIRECT_MS = 1280;
/** Delay before the activation key is checked. */
export const ACTIVATION_CHECK_MS = 1000;
/** How long the password-error flag stays set after a failure. */
export const PASSWORD_ERROR_FLAG_MS = 1600;
/** Debounce of typed lookups and searches. */
export const TYPING_DEBOUNCE_MS = 450;
/** Hover time before a map popup shows. */
export const HOVER_POPUP_MS = 388;
/** The searching spinner clears after this long. */
export const SEARCH_SPINNER_MS = 2500;
/** Delay of the push-subscription status check on load. */
export const PUSH_STATUS_CHECK_MS = 100;
/** The cached profile is considered fresh for this many seconds. */
export const PROFILE_CACHE_S = 600;
/** Lifetime of the cached single-sign-on and main-server tokens (360 days). */
export const TOKEN_CACHE_S = 31104000;
/**
 * The longest the logout screen waits for the server to revoke the session (not in the spec): a slow or
 * unreachable server must not keep the user signed in on this device.
 */
export const LOGOUT_CALL_TIMEOUT_MS = 5000;
/** Interval of the expired-cache cleaner. */
export const CACHE_CLEANER_MS = 60000;
/** Pause between the language-change message and the reload, so the user sees the message. */
export const LANGUAGE_RELOAD_MS = 300;
/** A snackbar closes by itself after this long (the user may close it earlier). */
export const SNACKBAR_HIDE_MS = 6000;
/**
 * How long a tile of an outside service (satellite imagery, terrain) may take before its layer counts
 * as unreachable (not in the spec): without internet a request can hang for half a minute, and the map
 * engine would keep the layer waiting and retrying meanwhile.
 */
export const OUTSIDE_TILE_TIMEOUT_MS = 6000;

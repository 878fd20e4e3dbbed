/** The routes of spec §2 by their route names (history mode). */
export const ROUTE_PATHS = {
  mapview: '/',
  settings: '/settings',
  notifications: '/notifications',
  logout: '/logout',
  plans: '/plans',
  checkout: '/checkout/:planId',
  paymentSuccess: '/payment/success/:session_id',
  paymentCancelled: '/payment/canceled',
  login: '/login',
  emailVerification: '/email-verification',
  registerEmailVerification: '/register',
  register: '/register/activate/:key',
  resetPassword: '/reset-password/:key',
  invite: '/invite/:key',
  /** The mailed links of an e-mail change: confirm from the new address, undo from the old. */
  confirmEmailChange: '/email-change/confirm/:key',
  undoEmailChange: '/email-change/undo/:key',
  /** Where an account whose company requires a second factor sets one up before anything else. */
  twoFactorSetup: '/two-factor-setup',
  /** 2–5 parcels side by side, `?egrids=CH…,CH…` (a link that can be shared). */
  compare: '/compare',
} as const;

/** The role the map-layout routes require (spec §6). */
export const MAP_ROLE = 'MAPUSER';

/** Cache tags shared by the three API slices (design §3). */
export const TAG_TYPES = ['Subscription', 'Preferences', 'PushSubscription', 'Profile', 'Lookup'] as const;

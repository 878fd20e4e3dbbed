/** The role names of spec §6's role display, plus MAPUSER (every account has it); others may be typed in. */
export const KNOWN_ROLES = [
  'MAPUSER',
  'ADMIN',
  'DEALER',
  'DEALER-ADMIN',
  'CIS-FULL',
  'CIS-ADMIN',
  'CIS-OPS',
  'CIS-User',
  'SUPER',
] as const;

export const roleSelectOptions = KNOWN_ROLES.map((role) => ({ value: role, label: role }));

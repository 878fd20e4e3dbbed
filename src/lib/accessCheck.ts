/**
 * The access check of spec §6, shared by the browser's route guard and the server's secure-route guard.
 * Required roles: a list or a comma-separated string; each entry `NAME` or `NAME:minLevel`;
 * an entry starting with `=` needs an exact match (same name and same level). SUPER is always allowed
 * unless an exact entry is present. An empty requirement means open access.
 */
export type RoleRequirement = string | readonly string[] | null | undefined;

interface ParsedRole {
  name: string;
  level: number;
  exact: boolean;
}

function parseLevel(raw: string | undefined): number {
  const level = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isFinite(level) ? level : 0;
}

export function parseRole(entry: string): ParsedRole {
  const trimmed = entry.trim();
  const exact = trimmed.startsWith('=');
  const body = exact ? trimmed.slice(1) : trimmed;
  const colon = body.indexOf(':');
  const name = (colon === -1 ? body : body.slice(0, colon)).trim().toUpperCase();
  return { name, level: parseLevel(colon === -1 ? undefined : body.slice(colon + 1)), exact };
}

export function requirementEntries(required: RoleRequirement): string[] {
  const list = typeof required === 'string' ? required.split(',') : (required ?? []);
  return list.map((entry) => entry.trim()).filter((entry) => entry !== '');
}

export function hasAccess(
  userRoles: readonly string[] | null | undefined,
  required: RoleRequirement,
): boolean {
  const entries = requirementEntries(required).map(parseRole);
  if (entries.length === 0) return true;
  if (!entries.some((entry) => entry.exact)) entries.push({ name: 'SUPER', level: 0, exact: false });
  const roles = (userRoles ?? []).map(parseRole);
  return entries.some((needed) =>
    roles.some((role) =>
      needed.exact
        ? role.name === needed.name && role.level === needed.level
        : role.name === needed.name && role.level >= needed.level,
    ),
  );
}

/** The system access level from a `MAPUSER:{level}` role (0 when absent or without a level). */
export function systemLevel(userRoles: readonly string[] | null | undefined): number {
  const role = (userRoles ?? []).map(parseRole).find((r) => r.name === 'MAPUSER');
  return role ? role.level : 0;
}

/** Site access: ADMIN always; otherwise the siteID must appear in the profile's sites. */
export function hasSiteAccess(
  profile: { roles?: readonly string[]; sites?: readonly { siteID: string }[] } | null | undefined,
  siteID: string,
): boolean {
  if (!profile) return false;
  if ((profile.roles ?? []).some((role) => parseRole(role).name === 'ADMIN')) return true;
  return (profile.sites ?? []).some((site) => site.siteID === siteID);
}

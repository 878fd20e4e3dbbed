import { parseRole } from '../../../src/lib/accessCheck';

/** Trimmed, de-duplicated roles that always include MAPUSER (every account may use the map, spec §6). */
export function withMapUserRole(roles: readonly string[] = []): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const role of roles.map((r) => r.trim()).filter(Boolean)) {
    const key = role.toUpperCase();
    if (!seen.has(key)) {
      seen.add(key);
      result.push(role);
    }
  }
  if (!result.some((role) => parseRole(role).name === 'MAPUSER')) result.unshift('MAPUSER');
  return result;
}

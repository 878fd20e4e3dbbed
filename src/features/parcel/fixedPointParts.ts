/**
 * FIX_NAM carries "name - type" (spec §3). Names may themselves hold hyphens ("Baar-Nord - LFP3"), so
 * the split is at the last spaced hyphen, else at the last hyphen.
 */
export function fixedPointParts(value: string): { name: string; type: string } {
  const spaced = value.lastIndexOf(' - ');
  const at = spaced !== -1 ? spaced : value.lastIndexOf('-');
  if (at === -1) return { name: value.trim(), type: '' };
  const width = spaced !== -1 ? 3 : 1;
  return { name: value.slice(0, at).trim(), type: value.slice(at + width).trim() };
}

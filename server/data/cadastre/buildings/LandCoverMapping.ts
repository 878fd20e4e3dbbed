/**
 * How the survey's land cover names its buildings: DM.01-AV-CH topic Bodenbedeckung, table BoFlaeche
 * (attribute Art, value Gebaeude; the EGID of the federal buildings register in GWR_EGID, RegBL_EGID in
 * French and REA_EGID in Italian exports), and MOpublic's layer lcsf (attribute Type/Genre/Genere, value
 * Gebaeude/batiment/edificio/building). Candidates are tried in order, case-insensitively.
 */
export const LAND_COVER_KIND_COLUMNS = ['Art', 'Genre', 'Genere', 'Type', 'Kind'];

export const LAND_COVER_EGID_COLUMNS = ['GWR_EGID', 'EGID', 'RegBL_EGID', 'REA_EGID', 'GWREGID'];

/** A land-cover kind naming a building, accents and case folded ("Gebäude", "bâtiment" included). */
const BUILDING_KINDS = new Set(['gebaeude', 'gebaude', 'batiment', 'edificio', 'building']);

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** Whether a land-cover kind value is a building (every other kind, roads, water, forest, is skipped). */
export const isBuildingKind = (value: unknown): boolean =>
  value !== null && value !== undefined && BUILDING_KINDS.has(fold(String(value)));

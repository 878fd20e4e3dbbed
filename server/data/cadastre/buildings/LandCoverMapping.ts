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

/**
 * DM.01-AV-CH's `Art` as an Interlis 1 transfer (ITF) writes it: the enumeration's leaf number, not its name.
 * BBArt lists Gebaeude first, so 0 is a building; 1 (befestigt.Strasse_Weg) onwards are the other surfaces.
 * GDAL's Interlis 1 reader without the model, and views that leave the code table unjoined, keep the number.
 */
const DM01_KIND_COLUMN = 'art';
const DM01_BUILDING_CODE = '0';

/**
 * Whether a land-cover kind value is a building (every other kind, roads, water, forest, is skipped): by name
 * in any column, or by DM.01's enumeration number in its `Art` column.
 */
export const isBuildingKind = (value: unknown, column = ''): boolean => {
  if (value === null || value === undefined) return false;
  const kind = fold(String(value));
  return BUILDING_KINDS.has(kind) || (fold(column) === DM01_KIND_COLUMN && kind === DM01_BUILDING_CODE);
};

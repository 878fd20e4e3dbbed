/**
 * Municipalities created after the last swiss-maps year that carries names (2024), by BFS number, with
 * their official names. The geometry years 2025 and 2026 carry only the numbers; without this table
 * they would be named after their largest GeoNames place or not at all. Sources (docs/data-and-importing.md §
 * Data and attribution): the cantonal decrees and merger conventions as reported by the municipalities themselves.
 */
export const MERGED_MUNICIPALITY_NAMES: Readonly<Record<number, string>> = {
  // Fétigny and Ménières (FR), 1 January 2026: merger convention, art. 2 (fetigny-menieres.ch).
  2056: 'Fétigny-Ménières',
  // Grolley and Ponthaux (FR), 1 January 2025: vote of 3 March 2024 (La Liberté).
  2239: 'Grolley-Ponthaux',
  // Astano, Bedigliora, Curio, Miglieglia and Novaggio (TI), 2025: Grand Council decree of 28 May 2024.
  5395: 'Lema',
  // Enges, Hauterive, La Tène and Saint-Blaise (NE), 1 January 2025 (fusion-baslac.ch).
  6513: 'Laténa',
  // Moutier, from the canton of Bern to the Jura on 1 January 2026 (a new BFS number, the same town).
  6831: 'Moutier',
};

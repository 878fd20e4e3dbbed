/**
 * The major rivers through the default cantons' towns, which swiss-maps does not carry (it has the lakes
 * only): centre lines in WGS84 with the river's usual width (m), from the lake outlet through the town.
 * Vertices are read off the national map (map.geo.admin.ch, Landeskarte 1:25,000) and rounded, so a line
 * lies within about 50–100 m of the real one; the layout keeps a band of `width` around it free of
 * parcels, and only the main roads cross it (bridges). Where a vertex was not certain the line stops.
 */
export interface RiverLine {
  name: string;
  width: number;
  line: readonly (readonly [lon: number, lat: number])[];
}

export const RIVERS: readonly RiverLine[] = [
  {
    // From the Lake Lucerne outlet (Seebrücke, Kapellbrücke, Spreuerbrücke) past Reussbühl and the
    // Kleine Emme's mouth at Seetalplatz, north-east through Emmen to Perlen.
    name: 'Reuss',
    width: 60,
    line: [
      [8.3105, 47.0524],
      [8.3075, 47.0517],
      [8.3045, 47.052],
      [8.302, 47.0528],
      [8.299, 47.0538],
      [8.2955, 47.0552],
      [8.292, 47.0568],
      [8.288, 47.059],
      [8.283, 47.0612],
      [8.2795, 47.064],
      [8.278, 47.068],
      [8.283, 47.073],
      [8.293, 47.079],
      [8.303, 47.086],
      [8.32, 47.095],
      [8.34, 47.103],
      [8.363, 47.108],
    ],
  },
  {
    // From the Lake Geneva outlet (Pont du Mont-Blanc, the Île, Pont de la Coulouvrenière, the Seujet dam)
    // to the Jonction and on below Saint-Jean to the Pont Butin.
    name: 'Rhône',
    width: 110,
    line: [
      [6.1505, 46.2068],
      [6.147, 46.2052],
      [6.144, 46.2046],
      [6.141, 46.2042],
      [6.137, 46.2037],
      [6.132, 46.204],
      [6.1275, 46.2025],
      [6.1235, 46.2045],
      [6.118, 46.2075],
      [6.11, 46.207],
    ],
  },
  {
    // From Vessy past Carouge (Pont de Carouge, Pont des Acacias) to the Jonction.
    name: 'Arve',
    width: 60,
    line: [
      [6.168, 46.172],
      [6.162, 46.178],
      [6.155, 46.184],
      [6.1435, 46.1905],
      [6.136, 46.1935],
      [6.1275, 46.2025],
    ],
  },
];

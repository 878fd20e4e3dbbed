/**
 * Historic town centres (Altstadt, vieille ville, centro storico) of the main Swiss towns, WGS84, with the
 * radius (m) of their old-town core. The places' population points (GeoNames) often lie beside them, so
 * the generator puts the narrow, deep old-town lots here. Positions read off the national map, rounded.
 */
export const OLD_TOWNS: readonly { name: string; lon: number; lat: number; radius: number }[] = [
  { name: 'Zug', lon: 8.5157, lat: 47.1662, radius: 260 },
  { name: 'Lugano', lon: 8.9511, lat: 46.0037, radius: 320 },
  { name: 'Luzern', lon: 8.306, lat: 47.052, radius: 380 },
  { name: 'Genève', lon: 6.1485, lat: 46.201, radius: 420 },
  { name: 'Bern', lon: 7.45, lat: 46.948, radius: 450 },
  { name: 'Zürich', lon: 8.544, lat: 47.372, radius: 450 },
  { name: 'Basel', lon: 7.589, lat: 47.558, radius: 420 },
  { name: 'Lausanne', lon: 6.635, lat: 46.523, radius: 320 },
  { name: 'Bellinzona', lon: 9.023, lat: 46.193, radius: 260 },
  { name: 'Locarno', lon: 8.795, lat: 46.17, radius: 240 },
  { name: 'Fribourg', lon: 7.163, lat: 46.806, radius: 300 },
  { name: 'Schaffhausen', lon: 8.635, lat: 47.697, radius: 280 },
  { name: 'St. Gallen', lon: 9.377, lat: 47.4235, radius: 300 },
  { name: 'Solothurn', lon: 7.537, lat: 47.208, radius: 260 },
  { name: 'Winterthur', lon: 8.729, lat: 47.499, radius: 300 },
  { name: 'Chur', lon: 9.532, lat: 46.849, radius: 260 },
  { name: 'Sion', lon: 7.36, lat: 46.233, radius: 260 },
  { name: 'Neuchâtel', lon: 6.929, lat: 46.992, radius: 260 },
  { name: 'Porrentruy', lon: 7.076, lat: 47.416, radius: 220 },
  { name: 'Delémont', lon: 7.343, lat: 47.365, radius: 200 },
];

/**
 * Towns with several postcodes or postal localities: the real postcode/locality pairs (Swiss Post's
 * directory of localities, "Ortschaftenverzeichnis", as printed on letters) of the larger municipalities of
 * the default cantons, each with the position (WGS84, read off the national map, rounded) of the quarter or
 * village it serves. A parcel takes the area whose position is nearest (the municipality split into
 * Voronoi cells): real postal areas follow quarters and villages, not a grid. Pairs are listed only where
 * both the code and the locality are certain; post-office-box codes (6002 Luzern, 6903 Lugano …) have no
 * territory and are left out. `locality` is the postal locality of the address; `place` is the quarter or
 * village name people search by when it differs (6014 is addressed "Luzern" since Littau's merger in 2010).
 */
export interface PostalArea {
  zip: string;
  locality: string;
  place?: string;
  lon: number;
  lat: number;
}

export const POSTAL_AREAS: Readonly<Record<number, readonly PostalArea[]>> = {
  // Zug
  1711: [
    { zip: '6300', locality: 'Zug', lon: 8.516, lat: 47.168 },
    { zip: '6317', locality: 'Oberwil b. Zug', place: 'Oberwil', lon: 8.509, lat: 47.145 },
  ],
  1701: [
    { zip: '6340', locality: 'Baar', lon: 8.527, lat: 47.196 },
    { zip: '6319', locality: 'Allenwinden', lon: 8.554, lat: 47.165 },
  ],
  1702: [
    { zip: '6330', locality: 'Cham', lon: 8.462, lat: 47.182 },
    { zip: '6332', locality: 'Hagendorn', lon: 8.433, lat: 47.195 },
  ],
  1703: [
    { zip: '6331', locality: 'Hünenberg', lon: 8.425, lat: 47.175 },
    { zip: '6333', locality: 'Hünenberg See', lon: 8.45, lat: 47.165 },
  ],
  1707: [
    { zip: '6343', locality: 'Rotkreuz', lon: 8.431, lat: 47.142 },
    { zip: '6343', locality: 'Risch', lon: 8.465, lat: 47.133 },
    { zip: '6343', locality: 'Buonas', lon: 8.449, lat: 47.141 },
  ],
  1704: [
    { zip: '6313', locality: 'Menzingen', lon: 8.592, lat: 47.178 },
    { zip: '6313', locality: 'Edlibach', lon: 8.575, lat: 47.188 },
    { zip: '6313', locality: 'Finstersee', lon: 8.633, lat: 47.168 },
  ],
  1706: [
    { zip: '6315', locality: 'Oberägeri', lon: 8.615, lat: 47.136 },
    { zip: '6315', locality: 'Morgarten', lon: 8.637, lat: 47.103 },
  ],
  1709: [
    { zip: '6314', locality: 'Unterägeri', lon: 8.585, lat: 47.137 },
    { zip: '6314', locality: 'Neuägeri', lon: 8.565, lat: 47.15 },
  ],
  // Luzern
  1061: [
    { zip: '6003', locality: 'Luzern', place: 'Hirschmatt', lon: 8.303, lat: 47.048 },
    { zip: '6004', locality: 'Luzern', place: 'Altstadt', lon: 8.308, lat: 47.058 },
    { zip: '6005', locality: 'Luzern', place: 'Tribschen', lon: 8.315, lat: 47.04 },
    { zip: '6006', locality: 'Luzern', place: 'Würzenbach', lon: 8.33, lat: 47.057 },
    { zip: '6014', locality: 'Luzern', place: 'Littau', lon: 8.263, lat: 47.05 },
    { zip: '6015', locality: 'Luzern', place: 'Reussbühl', lon: 8.278, lat: 47.06 },
  ],
  1024: [
    { zip: '6032', locality: 'Emmen', lon: 8.305, lat: 47.083 },
    { zip: '6020', locality: 'Emmenbrücke', lon: 8.278, lat: 47.075 },
  ],
  1059: [
    { zip: '6010', locality: 'Kriens', lon: 8.28, lat: 47.033 },
    { zip: '6012', locality: 'Obernau', lon: 8.262, lat: 47.024 },
  ],
  1031: [
    { zip: '6280', locality: 'Hochdorf', lon: 8.292, lat: 47.168 },
    { zip: '6283', locality: 'Baldegg', lon: 8.28, lat: 47.184 },
  ],
  1065: [
    { zip: '6037', locality: 'Root', lon: 8.39, lat: 47.115 },
    { zip: '6035', locality: 'Perlen', lon: 8.365, lat: 47.11 },
  ],
  1093: [
    { zip: '6206', locality: 'Neuenkirch', lon: 8.205, lat: 47.099 },
    { zip: '6203', locality: 'Sempach Station', lon: 8.194, lat: 47.117 },
    { zip: '6016', locality: 'Hellbühl', lon: 8.199, lat: 47.074 },
  ],
  // Genève
  6621: [
    { zip: '1204', locality: 'Genève', place: 'Vieille-Ville', lon: 6.148, lat: 46.201 },
    { zip: '1201', locality: 'Genève', place: 'Pâquis', lon: 6.145, lat: 46.211 },
    { zip: '1202', locality: 'Genève', place: 'Sécheron', lon: 6.144, lat: 46.224 },
    { zip: '1203', locality: 'Genève', place: 'Saint-Jean', lon: 6.127, lat: 46.209 },
    { zip: '1205', locality: 'Genève', place: 'Plainpalais', lon: 6.138, lat: 46.196 },
    { zip: '1206', locality: 'Genève', place: 'Champel', lon: 6.155, lat: 46.191 },
    { zip: '1207', locality: 'Genève', place: 'Eaux-Vives', lon: 6.159, lat: 46.204 },
    { zip: '1208', locality: 'Genève', place: 'Malagnou', lon: 6.166, lat: 46.198 },
    { zip: '1209', locality: 'Genève', place: 'Petit-Saconnex', lon: 6.13, lat: 46.22 },
  ],
  6643: [
    { zip: '1214', locality: 'Vernier', lon: 6.085, lat: 46.217 },
    { zip: '1219', locality: 'Le Lignon', lon: 6.097, lat: 46.203 },
    { zip: '1220', locality: 'Les Avanchets', lon: 6.11, lat: 46.218 },
  ],
  6628: [
    { zip: '1212', locality: 'Grand-Lancy', lon: 6.12, lat: 46.18 },
    { zip: '1213', locality: 'Petit-Lancy', lon: 6.113, lat: 46.194 },
  ],
  6630: [
    { zip: '1217', locality: 'Meyrin', lon: 6.08, lat: 46.233 },
    { zip: '1216', locality: 'Cointrin', lon: 6.105, lat: 46.227 },
  ],
  6612: [
    { zip: '1224', locality: 'Chêne-Bougeries', lon: 6.186, lat: 46.198 },
    { zip: '1231', locality: 'Conches', lon: 6.175, lat: 46.188 },
  ],
  6616: [
    { zip: '1245', locality: 'Collonge-Bellerive', lon: 6.2, lat: 46.253 },
    { zip: '1222', locality: 'Vésenaz', lon: 6.195, lat: 46.24 },
  ],
  6645: [
    { zip: '1255', locality: 'Veyrier', lon: 6.185, lat: 46.167 },
    { zip: '1234', locality: 'Vessy', lon: 6.163, lat: 46.178 },
  ],
  // Ticino
  5192: [
    { zip: '6900', locality: 'Lugano', lon: 8.951, lat: 46.005 },
    { zip: '6962', locality: 'Viganello', lon: 8.968, lat: 46.013 },
    { zip: '6963', locality: 'Pregassona', lon: 8.97, lat: 46.025 },
    { zip: '6932', locality: 'Breganzona', lon: 8.93, lat: 46.008 },
    { zip: '6976', locality: 'Castagnola', lon: 8.975, lat: 46.005 },
    { zip: '6977', locality: 'Ruvigliana', lon: 8.98, lat: 46.009 },
    { zip: '6978', locality: 'Gandria', lon: 9.004, lat: 46.006 },
    { zip: '6964', locality: 'Davesco-Soragno', lon: 8.985, lat: 46.038 },
    { zip: '6965', locality: 'Cadro', lon: 8.987, lat: 46.046 },
    { zip: '6966', locality: 'Villa Luganese', lon: 9.0, lat: 46.047 },
    { zip: '6968', locality: 'Sonvico', lon: 9.0, lat: 46.057 },
    { zip: '6912', locality: 'Pazzallo', lon: 8.944, lat: 45.988 },
    { zip: '6915', locality: 'Pambio-Noranco', lon: 8.932, lat: 45.984 },
    { zip: '6917', locality: 'Barbengo', lon: 8.92, lat: 45.961 },
    { zip: '6918', locality: 'Figino', lon: 8.91, lat: 45.952 },
    { zip: '6914', locality: 'Carona', lon: 8.937, lat: 45.956 },
  ],
  5002: [
    { zip: '6500', locality: 'Bellinzona', lon: 9.023, lat: 46.195 },
    { zip: '6512', locality: 'Giubiasco', lon: 9.007, lat: 46.173 },
    { zip: '6513', locality: 'Monte Carasso', lon: 8.995, lat: 46.205 },
    { zip: '6514', locality: 'Sementina', lon: 8.993, lat: 46.183 },
    { zip: '6515', locality: 'Gudo', lon: 8.94, lat: 46.173 },
    { zip: '6528', locality: 'Camorino', lon: 9.002, lat: 46.164 },
    { zip: '6582', locality: 'Pianezzo', lon: 9.06, lat: 46.172 },
    { zip: '6518', locality: 'Gorduno', lon: 9.032, lat: 46.217 },
    { zip: '6525', locality: 'Gnosca', lon: 9.023, lat: 46.233 },
    { zip: '6702', locality: 'Claro', lon: 9.024, lat: 46.257 },
    { zip: '6523', locality: 'Preonzo', lon: 9.0, lat: 46.261 },
    { zip: '6524', locality: 'Moleno', lon: 9.01, lat: 46.28 },
  ],
  5113: [
    { zip: '6600', locality: 'Locarno', lon: 8.795, lat: 46.169 },
    { zip: '6600', locality: 'Solduno', lon: 8.776, lat: 46.172 },
  ],
  5254: [
    { zip: '6850', locality: 'Mendrisio', lon: 8.987, lat: 45.87 },
    { zip: '6825', locality: 'Capolago', lon: 8.98, lat: 45.902 },
    { zip: '6862', locality: 'Rancate', lon: 8.968, lat: 45.87 },
    { zip: '6863', locality: 'Besazio', lon: 8.95, lat: 45.875 },
    { zip: '6864', locality: 'Arzo', lon: 8.942, lat: 45.875 },
    { zip: '6865', locality: 'Tremona', lon: 8.96, lat: 45.88 },
    { zip: '6866', locality: 'Meride', lon: 8.95, lat: 45.89 },
    { zip: '6852', locality: 'Genestrerio', lon: 8.96, lat: 45.853 },
    { zip: '6853', locality: 'Ligornetto', lon: 8.948, lat: 45.862 },
    { zip: '6872', locality: 'Salorino', lon: 9.0, lat: 45.875 },
  ],
  5250: [
    { zip: '6830', locality: 'Chiasso', lon: 9.03, lat: 45.834 },
    { zip: '6832', locality: 'Pedrinate', lon: 9.012, lat: 45.827 },
    { zip: '6832', locality: 'Seseglio', lon: 9.0, lat: 45.826 },
  ],
  5226: [
    { zip: '6950', locality: 'Tesserete', lon: 8.965, lat: 46.069 },
    { zip: '6954', locality: 'Sala Capriasca', lon: 8.957, lat: 46.072 },
    { zip: '6953', locality: 'Lugaggia', lon: 8.958, lat: 46.062 },
    { zip: '6947', locality: 'Vaglio', lon: 8.953, lat: 46.063 },
  ],
  5398: [
    { zip: '6573', locality: 'Magadino', lon: 8.856, lat: 46.149 },
    { zip: '6572', locality: 'Quartino', lon: 8.888, lat: 46.152 },
    { zip: '6574', locality: 'Vira (Gambarogno)', place: 'Vira', lon: 8.841, lat: 46.144 },
    { zip: '6575', locality: 'S. Nazzaro', place: 'San Nazzaro', lon: 8.804, lat: 46.132 },
    { zip: '6576', locality: 'Gerra (Gambarogno)', place: 'Gerra', lon: 8.79, lat: 46.124 },
    { zip: '6577', locality: 'Ranzo', lon: 8.779, lat: 46.112 },
  ],
  5287: [
    { zip: '6703', locality: 'Osogna', lon: 9.023, lat: 46.311 },
    { zip: '6705', locality: 'Cresciano', lon: 9.004, lat: 46.281 },
    { zip: '6707', locality: 'Iragna', lon: 8.966, lat: 46.325 },
    { zip: '6527', locality: 'Lodrino', lon: 8.982, lat: 46.299 },
  ],
};

/** The postal areas of a municipality: its listed ones, else one area with its own postcode and name. */
export function postalAreasOf(bfs: number, name: string, zip: string, centre: readonly [number, number]): readonly PostalArea[] {
  return POSTAL_AREAS[bfs] ?? [{ zip, locality: name, lon: centre[0], lat: centre[1] }];
}

/** The names a parcel of an area is found by (its locality and, when different, its quarter). */
export function postalAreaNames(area: PostalArea): string {
  return area.place && area.place !== area.locality ? `${area.locality} ${area.place}` : area.locality;
}

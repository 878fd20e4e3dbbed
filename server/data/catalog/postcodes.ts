import type { MunicipalityShape } from '../geography/SwissGeography';

/**
 * Swiss postcodes (Swiss Post, the main locality of each municipality). Exact for every municipality of the
 * default cantons (ZG, LU, GE, TI) by BFS number and for the main towns of every canton by name; every other
 * municipality takes the postal area (first two digits) of the nearest listed town — Swiss postcodes are
 * regional, so the first digit (1 west … 9 east) and mostly the second are right, the last two are synthetic.
 */
export const MUNICIPALITY_POSTCODES: Readonly<Record<number, string>> = {
  // Zug
  1701: '6340', 1702: '6330', 1703: '6331', 1704: '6313', 1705: '6345', 1706: '6315', 1707: '6343', 1708: '6312',
  1709: '6314', 1710: '6318', 1711: '6300',
  // Luzern
  1001: '6112', 1002: '6162', 1004: '6173', 1005: '6166', 1007: '6113', 1008: '6170', 1009: '6106', 1010: '6182',
  1021: '6287', 1023: '6275', 1024: '6032', 1025: '6294', 1026: '6274', 1030: '6285', 1031: '6280', 1032: '6276',
  1033: '6034', 1037: '6026', 1039: '6027', 1040: '6023', 1041: '6288', 1051: '6043', 1052: '6033', 1053: '6036',
  1054: '6030', 1055: '6038', 1056: '6404', 1058: '6048', 1059: '6010', 1061: '6003', 1062: '6102', 1063: '6045',
  1064: '6344', 1065: '6037', 1066: '6103', 1067: '6044', 1068: '6354', 1069: '6353', 1081: '6215', 1082: '6233',
  1083: '6018', 1084: '6205', 1085: '6232', 1086: '6022', 1088: '6024', 1089: '6213', 1091: '6216', 1093: '6206',
  1094: '6207', 1095: '6208', 1097: '6221', 1098: '6017', 1099: '6214', 1100: '6231', 1102: '6204', 1103: '6210',
  1104: '6234', 1107: '6110', 1121: '6248', 1122: '6147', 1123: '6246', 1125: '6252', 1127: '6243', 1128: '6218',
  1129: '6145', 1131: '6146', 1132: '6133', 1135: '6156', 1136: '6122', 1137: '6244', 1139: '6264', 1140: '6260',
  1142: '6265', 1143: '6247', 1145: '6153', 1146: '6242', 1147: '4806', 1150: '6144', 1151: '6130',
  // Genève
  6601: '1288', 6602: '1247', 6603: '1237', 6604: '1285', 6605: '1257', 6606: '1293', 6607: '1233', 6608: '1227',
  6609: '1236', 6610: '1298', 6611: '1284', 6612: '1224', 6613: '1225', 6614: '1244', 6615: '1239', 6616: '1245',
  6617: '1223', 6618: '1232', 6619: '1246', 6620: '1283', 6621: '1204', 6622: '1294', 6623: '1218', 6624: '1251',
  6625: '1248', 6626: '1254', 6627: '1287', 6628: '1212', 6629: '1252', 6630: '1217', 6631: '1213', 6632: '1258',
  6633: '1228', 6634: '1292', 6635: '1243', 6636: '1241', 6637: '1281', 6638: '1242', 6639: '1286', 6640: '1226',
  6641: '1256', 6642: '1253', 6643: '1214', 6644: '1290', 6645: '1255',
  // Ticino
  5001: '6517', 5002: '6500', 5003: '6593', 5009: '6810', 5010: '6533', 5017: '6592', 5048: '6716', 5049: '6718',
  5050: '6713', 5061: '6780', 5063: '6781', 5071: '6774', 5072: '6760', 5073: '6745', 5076: '6744', 5077: '6742',
  5079: '6777', 5091: '6612', 5096: '6645', 5097: '6614', 5108: '6596', 5112: '6633', 5113: '6600', 5115: '6616',
  5117: '6647', 5118: '6648', 5120: '6600', 5121: '6644', 5125: '6622', 5131: '6598', 5136: '6662', 5138: '6516',
  5141: '6982', 5143: '6994', 5144: '6822', 5148: '6930', 5151: '6934', 5154: '6816', 5160: '6827', 5161: '6936',
  5162: '6814', 5167: '6952', 5171: '6987', 5176: '6949', 5180: '6944', 5186: '6916', 5187: '6929', 5189: '6814',
  5192: '6900', 5193: '6983', 5194: '6928', 5196: '6900', 5198: '6815', 5199: '6805', 5203: '6922', 5205: '6933',
  5206: '6991', 5208: '6945', 5210: '6900', 5212: '6946', 5214: '6948', 5216: '6984', 5221: '6942', 5225: '6924',
  5226: '6950', 5227: '6808', 5230: '6992', 5231: '6943', 5233: '6921', 5236: '6926', 5237: '6939', 5238: '6802',
  5239: '6988', 5240: '6817', 5242: '6828', 5249: '6874', 5250: '6830', 5251: '6877', 5254: '6850', 5257: '6834',
  5260: '6883', 5263: '6826', 5266: '6855', 5268: '6833', 5269: '6837', 5281: '6710', 5287: '6703', 5304: '6685',
  5307: '6684', 5309: '6683', 5310: '6675', 5315: '6682', 5317: '6673', 5323: '6694', 5324: '6670', 5391: '6593',
  5394: '6950', 5395: '6986', 5396: '6652', 5397: '6655', 5398: '6573', 5399: '6632',
};

/** Main towns of every canton, by canton and the municipality's name as the BFS spells it. */
export const TOWN_POSTCODES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ZH: {
    Zürich: '8001', Winterthur: '8400', Uster: '8610', Dübendorf: '8600', Dietikon: '8953', Wädenswil: '8820',
    Horgen: '8810', Bülach: '8180', Kloten: '8302', 'Wetzikon (ZH)': '8620', Thalwil: '8800', Meilen: '8706',
    'Affoltern am Albis': '8910', Andelfingen: '8450', Dielsdorf: '8157', Opfikon: '8152', 'Illnau-Effretikon': '8307',
    Regensdorf: '8105', Adliswil: '8134', Schlieren: '8952', Volketswil: '8604', 'Küsnacht (ZH)': '8700', Stäfa: '8712',
    Männedorf: '8708', Richterswil: '8805', Hinwil: '8340', Pfäffikon: '8330', 'Rüti (ZH)': '8630', Embrach: '8424',
    Eglisau: '8193',
  },
  BE: {
    Bern: '3011', 'Biel/Bienne': '2502', Thun: '3600', Köniz: '3098', Burgdorf: '3400', Langenthal: '4900',
    Steffisburg: '3612', Spiez: '3700', Interlaken: '3800', 'Saint-Imier': '2610', Lyss: '3250', Münsingen: '3110',
    Ostermundigen: '3072', 'Muri bei Bern': '3074', Worb: '3076', Frutigen: '3714', Meiringen: '3860', Saanen: '3792',
    Zweisimmen: '3770', Aarberg: '3270', Huttwil: '4950', 'Langnau im Emmental': '3550', Tramelan: '2720',
    'La Neuveville': '2520', Belp: '3123', Herzogenbuchsee: '3360', Konolfingen: '3510', Grindelwald: '3818',
    Lauterbrunnen: '3822', Nidau: '2560', Ins: '3232', Erlach: '3235', 'Brienz (BE)': '3855', Schwarzenburg: '3150',
    Sumiswald: '3454', Moutier: '2740',
  },
  LU: { Luzern: '6003', Emmen: '6032', Kriens: '6010', Sursee: '6210', Willisau: '6130' },
  UR: { 'Altdorf (UR)': '6460', Erstfeld: '6472', Andermatt: '6490', Schattdorf: '6467', Flüelen: '6454', 'Bürglen (UR)': '6463' },
  SZ: {
    Schwyz: '6430', Einsiedeln: '8840', Freienbach: '8807', 'Küssnacht (SZ)': '6403', Lachen: '8853', Arth: '6415',
    Ingenbohl: '6440', Wollerau: '8832', Muotathal: '6436',
  },
  OW: { Sarnen: '6060', Engelberg: '6390', Alpnach: '6055', Kerns: '6064', Sachseln: '6072', Giswil: '6074', Lungern: '6078' },
  NW: {
    Stans: '6370', 'Hergiswil (NW)': '6052', Buochs: '6374', Beckenried: '6375', Stansstad: '6362', Ennetbürgen: '6373',
    Wolfenschiessen: '6386',
  },
  GL: { Glarus: '8750', 'Glarus Nord': '8752', 'Glarus Süd': '8762' },
  ZG: { Zug: '6300', Baar: '6340' },
  FR: {
    Fribourg: '1700', Bulle: '1630', 'Villars-sur-Glâne': '1752', Murten: '3280', Düdingen: '3186', Estavayer: '1470',
    Marly: '1723', 'Châtel-Saint-Denis': '1618', 'Romont (FR)': '1680', Kerzers: '3210', Tafers: '1712', Gruyères: '1663',
    'Wünnewil-Flamatt': '3184',
  },
  SO: {
    Solothurn: '4500', Olten: '4600', Grenchen: '2540', Dornach: '4143', Balsthal: '4710', Zuchwil: '4528',
    Breitenbach: '4226', Biberist: '4562', Gerlafingen: '4563', Oensingen: '4702',
  },
  BS: { Basel: '4051', Riehen: '4125', Bettingen: '4126' },
  BL: {
    Liestal: '4410', Allschwil: '4123', 'Reinach (BL)': '4153', Muttenz: '4132', Pratteln: '4133', Binningen: '4102',
    Laufen: '4242', Sissach: '4450', Waldenburg: '4437', Arlesheim: '4144', Münchenstein: '4142', 'Oberwil (BL)': '4104',
    Birsfelden: '4127',
  },
  SH: { Schaffhausen: '8200', 'Neuhausen am Rheinfall': '8212', 'Stein am Rhein': '8260', Thayngen: '8240', Neunkirch: '8213' },
  AR: { Herisau: '9100', 'Teufen (AR)': '9053', Speicher: '9042', Heiden: '9410', Trogen: '9043', Urnäsch: '9107' },
  AI: { Appenzell: '9050', Oberegg: '9413' },
  SG: {
    'St. Gallen': '9000', 'Rapperswil-Jona': '8640', 'Wil (SG)': '9500', 'Gossau (SG)': '9200', 'Buchs (SG)': '9470',
    Sargans: '7320', 'Bad Ragaz': '7310', Wattwil: '9630', Uzwil: '9240', Altstätten: '9450', Rorschach: '9400',
    Walenstadt: '8880', Flums: '8890', Mels: '8887', Uznach: '8730', Widnau: '9443', Flawil: '9230',
    'Wildhaus-Alt St. Johann': '9658', Pfäfers: '7312', 'Vilters-Wangs': '7324', Quarten: '8882', Amden: '8873',
    Weesen: '8872', Schänis: '8718', Kaltbrunn: '8722',
  },
  GR: {
    Chur: '7000', Davos: '7270', 'St. Moritz': '7500', Landquart: '7302', 'Domat/Ems': '7013', 'Ilanz/Glion': '7130',
    Poschiavo: '7742', Mesocco: '6563', 'Roveredo (GR)': '6535', Grono: '6537', Bregaglia: '7606', 'Val Müstair': '7537',
    Scuol: '7550', Samnaun: '7563', Thusis: '7430', 'Disentis/Mustér': '7180', Arosa: '7050', Klosters: '7250',
    Brusio: '7743', Lostallo: '6558', Calanca: '6543', Rossa: '6548', Zernez: '7530', Pontresina: '7504',
    'Vaz/Obervaz': '7078', Flims: '7017', Laax: '7031', Surses: '7460', 'Bergün Filisur': '7482', 'Albula/Alvra': '7450',
    Maienfeld: '7304', Trimmis: '7203', Lumnezia: '7144', Vals: '7132', Rheinwald: '7435', Zuoz: '7524', Samedan: '7503',
    Bever: '7502', 'Sils im Engadin/Segl': '7514', Silvaplana: '7513', 'La Punt Chamues-ch': '7522', 'S-chanf': '7525',
    'Celerina/Schlarigna': '7505', Madulain: '7523', Cama: '6557', Soazza: '6562', 'San Vittore': '6534', Buseno: '6542',
    Castaneda: '6540', 'Santa Maria in Calanca': '6541',
  },
  AG: {
    Aarau: '5000', Baden: '5400', Wettingen: '5430', 'Wohlen (AG)': '5610', Brugg: '5200', Lenzburg: '5600',
    Zofingen: '4800', Rheinfelden: '4310', Oftringen: '4665', Aarburg: '4663', Möhlin: '4313', 'Bremgarten (AG)': '5620',
    'Muri (AG)': '5630', Spreitenbach: '8957', Bergdietikon: '8962', Laufenburg: '5080', Zurzach: '5330', Frick: '5070',
    'Reinach (AG)': '5734', Menziken: '5737', Suhr: '5034', 'Buchs (AG)': '5033', Windisch: '5210', Würenlos: '5436',
    Villmergen: '5612', Rothrist: '4852', Kaiseraugst: '4303',
  },
  TG: {
    Frauenfeld: '8500', Kreuzlingen: '8280', Arbon: '9320', Amriswil: '8580', Weinfelden: '8570', Romanshorn: '8590',
    Bischofszell: '9220', Aadorf: '8355', Sirnach: '8370', 'Münchwilen (TG)': '9542', Diessenhofen: '8253',
    Steckborn: '8266',
  },
  TI: { Bellinzona: '6500', Locarno: '6600', Lugano: '6900', Mendrisio: '6850', Chiasso: '6830' },
  VD: {
    Lausanne: '1003', 'Yverdon-les-Bains': '1400', Montreux: '1820', Nyon: '1260', 'Renens (VD)': '1020', Vevey: '1800',
    Morges: '1110', Payerne: '1530', Aigle: '1860', Pully: '1009', Gland: '1196', 'Ecublens (VD)': '1024', Prilly: '1008',
    'La Tour-de-Peilz': '1814', Bex: '1880', Avenches: '1580', Moudon: '1510', Orbe: '1350', Rolle: '1180',
    'Le Chenit': '1347', Vallorbe: '1337', Echallens: '1040', "Château-d'Oex": '1660', Ollon: '1867', Leysin: '1854',
    'Sainte-Croix': '1450', Grandson: '1422', Lucens: '1522', Oron: '1610', Cossonay: '1304',
  },
  VS: {
    Sion: '1950', Martigny: '1920', Monthey: '1870', Sierre: '3960', 'Brig-Glis': '3900', Visp: '3930', Zermatt: '3920',
    Naters: '3904', Leuk: '3953', 'Crans-Montana': '3963', Conthey: '1964', 'Val de Bagnes': '1934', 'Saas-Fee': '3906',
    'Saint-Maurice': '1890', Fully: '1926', Savièse: '1965', Nendaz: '1997', Goms: '3998', Fiesch: '3984',
    Leukerbad: '3954', Anniviers: '3961', Evolène: '1983', Orsières: '1937', Salgesch: '3970', Raron: '3942',
    'Steg-Hohtenn': '3940', 'Stalden (VS)': '3922', Grächen: '3925', 'Saas-Grund': '3910', Varen: '3953', Chippis: '3965',
    Agarn: '3951', 'Turtmann-Unterems': '3946', 'Gampel-Bratsch': '3945', Bitsch: '3982', Riederalp: '3987',
    Bettmeralp: '3992', 'Ried-Brig': '3911', Simplon: '3907', Zwischbergen: '3907',
  },
  NE: {
    Neuchâtel: '2000', 'La Chaux-de-Fonds': '2300', 'Le Locle': '2400', 'Val-de-Travers': '2114', 'Val-de-Ruz': '2053',
    Milvignes: '2013', Boudry: '2017', 'La Grande Béroche': '2024', 'Le Landeron': '2525', Cornaux: '2087',
    'La Brévine': '2406',
  },
  GE: { Genève: '1204' },
  JU: {
    Delémont: '2800', Porrentruy: '2900', Saignelégier: '2350', Courrendlin: '2830', Fontenais: '2902',
    'Haute-Sorne': '2854', 'Le Noirmont': '2340', 'Les Bois': '2336', Alle: '2942', Courgenay: '2950', 'Val Terbi': '2824',
    'Clos du Doubs': '2882',
  },
};

const centreOf = (m: MunicipalityShape): [number, number] => [(m.bbox[0] + m.bbox[2]) / 2, (m.bbox[1] + m.bbox[3]) / 2];

/** The listed postcode of a municipality, or null when it has none (then `planPostcodes` derives one). */
export function listedPostcode(m: MunicipalityShape): string | null {
  return MUNICIPALITY_POSTCODES[m.bfs] ?? TOWN_POSTCODES[m.cantonCode]?.[m.name] ?? null;
}

/**
 * A postcode for every municipality: the listed one, else one in the postal area (first two digits) of the
 * nearest listed municipality of its canton (postal areas cross cantons at their edges, so a nearer town
 * across the border misleads more often than it helps), the first code of that area not listed for a real place (deterministic:
 * municipalities in BFS order), so derived codes do not collide with real ones.
 */
export function planPostcodes(municipalities: readonly MunicipalityShape[]): Map<number, string> {
  const result = new Map<number, string>();
  const anchors: { m: MunicipalityShape; code: string; centre: [number, number] }[] = [];
  for (const m of municipalities) {
    const code = listedPostcode(m);
    if (code) {
      result.set(m.bfs, code);
      anchors.push({ m, code, centre: centreOf(m) });
    }
  }
  const taken = new Set(result.values());
  for (const m of [...municipalities].sort((a, b) => a.bfs - b.bfs)) {
    if (result.has(m.bfs)) continue;
    const [x, y] = centreOf(m);
    // Degrees of longitude are ~0.68 of latitude's here: scale so distances are roughly isotropic.
    const own = anchors.filter((anchor) => anchor.m.cantonCode === m.cantonCode);
    let best = own[0] ?? anchors[0];
    let bestDistance = Infinity;
    for (const anchor of own.length > 0 ? own : anchors) {
      const d = Math.hypot((anchor.centre[0] - x) * 0.68, anchor.centre[1] - y);
      if (d < bestDistance) {
        bestDistance = d;
        best = anchor;
      }
    }
    const area = Number(best.code.slice(0, 2)) * 100;
    let code = Number(best.code);
    for (let step = 1; step < 100 && taken.has(String(code)); step++) code = area + ((Number(best.code) - area + step) % 100);
    const postcode = String(code);
    taken.add(postcode);
    result.set(m.bfs, postcode);
  }
  return result;
}

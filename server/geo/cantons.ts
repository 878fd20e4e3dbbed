/** The 26 cantons: BFS number, code, names, main language and the canton's ÖREB cadastre portal. */
export type Language = 'de' | 'fr' | 'it';

export interface CantonInfo {
  bfs: number;
  code: string;
  name: string;
  names: { en: string; de: string; fr: string; it: string };
  language: Language;
  urlOREB: string;
  /** First postcode of the canton's range (synthetic postcodes count up from it). */
  zipBase: number;
}

function canton(
  bfs: number,
  code: string,
  de: string,
  fr: string,
  it: string,
  en: string,
  language: Language,
  urlOREB: string,
  zipBase: number,
): CantonInfo {
  const local = { de, fr, it }[language];
  return { bfs, code, name: local, names: { en, de, fr, it }, language, urlOREB, zipBase };
}

export const CANTONS: readonly CantonInfo[] = [
  canton(1, 'ZH', 'Zürich', 'Zurich', 'Zurigo', 'Zurich', 'de', 'https://maps.zh.ch/?topic=OerebKatasterZH', 8000),
  canton(2, 'BE', 'Bern', 'Berne', 'Berna', 'Bern', 'de', 'https://www.oereb2.apps.be.ch/', 3000),
  canton(3, 'LU', 'Luzern', 'Lucerne', 'Lucerna', 'Lucerne', 'de', 'https://oereb.geo.lu.ch/', 6000),
  canton(4, 'UR', 'Uri', 'Uri', 'Uri', 'Uri', 'de', 'https://oereb.ur.ch/', 6460),
  canton(5, 'SZ', 'Schwyz', 'Schwytz', 'Svitto', 'Schwyz', 'de', 'https://map.geo.sz.ch/?topic=oereb', 6400),
  canton(6, 'OW', 'Obwalden', 'Obwald', 'Obvaldo', 'Obwalden', 'de', 'https://www.gis-daten.ch/map/oereb_ow', 6060),
  canton(7, 'NW', 'Nidwalden', 'Nidwald', 'Nidvaldo', 'Nidwalden', 'de', 'https://www.gis-daten.ch/map/oereb_nw', 6370),
  canton(8, 'GL', 'Glarus', 'Glaris', 'Glarona', 'Glarus', 'de', 'https://map.geo.gl.ch/oereb', 8750),
  canton(9, 'ZG', 'Zug', 'Zoug', 'Zugo', 'Zug', 'de', 'https://oereb.zugmap.ch/', 6300),
  canton(10, 'FR', 'Freiburg', 'Fribourg', 'Friburgo', 'Fribourg', 'fr', 'https://map.geo.fr.ch/?topic=oereb', 1700),
  canton(11, 'SO', 'Solothurn', 'Soleure', 'Soletta', 'Solothurn', 'de', 'https://geo.so.ch/map/?oereb', 4500),
  canton(12, 'BS', 'Basel-Stadt', 'Bâle-Ville', 'Basilea Città', 'Basel-City', 'de', 'https://map.geo.bs.ch/?topic=oereb', 4000),
  canton(13, 'BL', 'Basel-Landschaft', 'Bâle-Campagne', 'Basilea Campagna', 'Basel-Country', 'de', 'https://oereb.geo.bl.ch/', 4410),
  canton(14, 'SH', 'Schaffhausen', 'Schaffhouse', 'Sciaffusa', 'Schaffhausen', 'de', 'https://oereb.geo.sh.ch/', 8200),
  canton(15, 'AR', 'Appenzell Ausserrhoden', 'Appenzell Rhodes-Extérieures', 'Appenzello Esterno', 'Appenzell Outer Rhodes', 'de', 'https://oereb.ar.ch/', 9100),
  canton(16, 'AI', 'Appenzell Innerrhoden', 'Appenzell Rhodes-Intérieures', 'Appenzello Interno', 'Appenzell Inner Rhodes', 'de', 'https://oereb.ai.ch/', 9050),
  canton(17, 'SG', 'St. Gallen', 'Saint-Gall', 'San Gallo', 'St. Gallen', 'de', 'https://www.oereb.sg.ch/', 9000),
  canton(18, 'GR', 'Graubünden', 'Grisons', 'Grigioni', 'Grisons', 'de', 'https://oereb.geo.gr.ch/', 7000),
  canton(19, 'AG', 'Aargau', 'Argovie', 'Argovia', 'Aargau', 'de', 'https://www.ag.ch/geoportal/apps/oereb/', 5000),
  canton(20, 'TG', 'Thurgau', 'Thurgovie', 'Turgovia', 'Thurgau', 'de', 'https://map.geo.tg.ch/apps/oereb', 8500),
  canton(21, 'TI', 'Tessin', 'Tessin', 'Ticino', 'Ticino', 'it', 'https://www4.ti.ch/dt/sg/ucgd/temi/catasto-rdppf/', 6500),
  canton(22, 'VD', 'Waadt', 'Vaud', 'Vaud', 'Vaud', 'fr', 'https://www.rdppf.vd.ch/', 1000),
  canton(23, 'VS', 'Wallis', 'Valais', 'Vallese', 'Valais', 'fr', 'https://rdppf.vs.ch/', 1900),
  canton(24, 'NE', 'Neuenburg', 'Neuchâtel', 'Neuchâtel', 'Neuchâtel', 'fr', 'https://sitn.ne.ch/theme/cadastre_rdppf', 2000),
  canton(25, 'GE', 'Genf', 'Genève', 'Ginevra', 'Geneva', 'fr', 'https://ge.ch/terecadastrerdppf/', 1200),
  canton(26, 'JU', 'Jura', 'Jura', 'Giura', 'Jura', 'fr', 'https://geo.jura.ch/theme/RDPPF', 2800),
];

export const CANTON_BY_CODE: ReadonlyMap<string, CantonInfo> = new Map(CANTONS.map((c) => [c.code, c]));
export const CANTON_BY_BFS: ReadonlyMap<number, CantonInfo> = new Map(CANTONS.map((c) => [c.bfs, c]));

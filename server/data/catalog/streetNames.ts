import type { Language } from '../../geo/cantons';
import type { Rng } from '../random';

/** Stems that stand before a street kind: "Bahnhofstrasse", "Lindenweg", "Schulhausstrasse". */
const DE_STEMS = ['Bahnhof', 'Dorf', 'Kirch', 'Schulhaus', 'See', 'Wald', 'Linden', 'Birken', 'Garten', 'Sonnen', 'Rosen', 'Mühle', 'Bach', 'Industrie', 'Post', 'Markt', 'Kreuz', 'Ahorn', 'Buchen', 'Eichen', 'Tannen', 'Weiher', 'Obstgarten', 'Blumen', 'Brunnen', 'Stein', 'Schloss', 'Sand', 'Hasel', 'Espen', 'Föhren', 'Kapellen', 'Rebberg', 'Säntis', 'Rigi', 'Pilatus', 'Gotthard', 'Alpen', 'Eschen', 'Ulmen', 'Kirschen', 'Nussbaum', 'Zeughaus', 'Gewerbe', 'Fabrik', 'Schützen', 'Sternen', 'Löwen', 'Kloster', 'St. Johannes', 'St. Martin', 'St. Anna'];
/** Field and terrain names (Flurnamen) that are street names by themselves or with a kind: "Obermattweg". */
const DE_FIELDS = ['matt', 'acker', 'feld', 'rain', 'halde', 'bühl', 'moos', 'rüti', 'bünt', 'zelg', 'riet', 'hof', 'berg', 'egg', 'weid', 'au'];
const DE_FIELD_PREFIXES = ['Ober', 'Unter', 'Hinter', 'Vorder', 'Mittel', 'Neu', 'Alt', 'Sonnen', 'Linden', 'Birken', 'Eich', 'Lang', 'Breit', 'Rot', 'Grün', 'Schön', 'Kirch', 'Mühle'];
const DE_KINDS = ['strasse', 'strasse', 'strasse', 'weg', 'weg', 'gasse', 'ring', 'steig', 'platz'];
const FR_NOUNS = ['la Gare', 'l’Église', 'du Lac', 'du Moulin', 'du Château', 'la Fontaine', 'la Poste', 'la Forêt', 'des Vignes', 'des Prés', 'des Tilleuls', 'des Cerisiers', 'des Écoles', 'du Marché', 'du Pont', 'des Alpes', 'du Jura', 'des Acacias', 'des Pâquis', 'la Croix', 'des Bains', 'du Stand', 'des Crêts', 'du Signal', 'des Platanes', 'du Nant', 'la Chapelle', 'du Bourg', 'des Vergers', 'la Servette', 'du Collège', 'des Sources', 'du Verger', 'des Noyers', 'la Rochette', 'du Rhône', 'des Mouettes', 'du Bois', 'des Champs', 'la Colline', 'du Mont-Blanc', 'des Saules', 'Saint-Jean', 'Saint-Martin', 'la Tour'];
const FR_KINDS = ['Rue', 'Rue', 'Chemin', 'Chemin', 'Avenue', 'Route', 'Impasse', 'Sentier', 'Place', 'Boulevard', 'Passage'];
const IT_NOUNS = ['Stazione', 'Chiesa', 'Lago', 'Monte', 'Scuole', 'Cantonale', 'San Gottardo', 'Castello', 'Mulino', 'Ronco', 'Vigna', 'Fontana', 'Posta', 'Campagna', 'Pini', 'Ceresio', 'Motta', 'Nosedo', 'Selva', 'Ponte', 'Orti', 'Pradello', 'Gerra', 'Cortivo', 'Roncaccio', 'Albarelle', 'Borghetto', 'Brughiera', 'Canova', 'Castagni', 'Noce', 'Boschetto', 'Madonna', 'Sole', 'Maggio', 'Ticino', 'Riale', 'Prati', 'Ginestra', 'Torretta', 'Vedeggio', 'Campagnola', 'Muraccio', 'San Rocco', 'San Carlo', 'Sant’Antonio'];
const FR_PEOPLE = ['Jean-Jacques Rousseau', 'Henri Dunant', 'Guillaume-Henri Dufour', 'Jean Calvin', 'Ferdinand Hodler', 'Le Corbusier', 'Germaine de Staël', 'Louis Favre', 'Philibert Berthelier', 'Théodore de Bèze', 'Pierre Fatio', 'Jean Piaget', 'Albert Gallatin', 'Ernest Ansermet', 'Charles Bonnet', 'Horace-Bénédict de Saussure', 'Émile Jaques-Dalcroze', 'Alexandre Vinet', 'Nicolas Bouvier', 'Isabelle Eberhardt'];
const IT_PEOPLE = ['Stefano Franscini', 'Vincenzo Vela', 'Francesco Borromini', 'Carlo Maderno', 'Domenico Fontana', 'Giuseppe Motta', 'Luigi Lavizzari', 'Alberto Giacometti', 'Mario Botta', 'Plinio Bolla', 'Giovanni Segantini', 'Pietro Chiesa', 'Francesco Chiesa', 'Giuseppe Lepori', 'Brenno Bertoni', 'Emilio Motta', 'Angelo Nessi', 'Elvezio Papa', 'Luigi Taddei', 'Antonio Ciseri'];
const IT_KINDS = ['Via', 'Via', 'Via', 'Vicolo', 'Strada', 'Salita', 'Viale', 'Piazza', 'Contrada', 'Carrale', 'Sentiero'];
/** Names of their own (families, field names, mountains, saints) streets take without an article: "Via Pioda". */
const IT_NAMES = ['Pioda', 'Vegezzi', 'Ciani', 'Nassa', 'Pessina', 'Peri', 'Balestra', 'Soave', 'Maraini', 'Pocobelli', 'Trevano', 'Besso', 'Canonica', 'Cassarinetta', 'Bossi', 'Luvini', 'Lucchini', 'Morosini', 'Petrarca', 'Beltramina', 'Ceresa', 'Tesserete', 'Madonnetta', 'Sonvico', 'Ronchetto', 'Cortaccio', 'Crocifisso', 'Frasca', 'Campagnetta', 'Prevosti', 'Dufour', 'Zurigo', 'Simen', 'Rinaldi', 'Guisan', 'Monte Brè', 'Monte Boglia', 'Monte Generoso', 'Monte Ceneri', 'Monte Tamaro', 'Monte Lema', 'San Salvatore', 'San Gottardo', 'San Lorenzo', 'San Giorgio', 'San Pietro', 'Santa Maria', 'San Bernardino', 'San Michele', 'Sant’Ambrogio', 'San Martino', 'San Vittore', 'San Gervasio', 'Santa Lucia', 'San Nicolao', 'Cà Rossa', 'Cà Bianca', 'Bosco Grande', 'Piano', 'Prato Fiorito', 'Valletta', 'Ronco Nuovo', 'Vignola', 'Roncaglia', 'Moreggi', 'Marchesi', 'Rusca', 'Riva', 'Camoghè', 'Tassino', 'Gaggio', 'Pradone', 'Cioss', 'Crespera', 'Pianaccio', 'Sassello', 'Boscioro', 'Terraccia', 'Prada', 'Morò', 'Arbostra', 'Pontetto', 'Vallone', 'Fornaci', 'Mulinetto', 'Selvetta', 'Campagna Nuova', 'Torchio', 'Castellaccio', 'Pozzetto', 'Fontanella', 'Oratorio', 'Caslaccio', 'Carzo', 'Lischedo', 'Bagutti', 'Adamini', 'Fontana Vecchia', 'Greina', 'Lucomagno', 'Spluga', 'Sempione', 'Bernina', 'Verbano', 'Maggia', 'Brenno', 'Cassarate', 'Tresa', 'Breggia', 'Laveggio', 'Magliasina', 'Morobbia', 'Calcagno', 'Cattori', 'Stoppani', 'Torricelli', 'Volta', 'Manzoni', 'Foscolo', 'Cattaneo', 'Beccaria', 'Mazzini', 'Garibaldi', 'Dante Alighieri', 'Curti', 'Nizzola', 'Bonzanigo', 'Battaglini', 'Pellandini', 'Respini', 'Franzoni', 'Trezzini', 'Solari', 'Lombardi', 'Casella', 'Albertolli', 'Fossati', 'Quadri', 'Gilardi', 'Camuzzi', 'Raggi', 'Pedrazzini', 'Bernasconi', 'Bossoli', 'Molinari', 'Maggi', 'Simonetta', 'Visconti', 'Sforza', 'Castelrotto', 'Montarina', 'Sassa', 'Loreto', 'Geretta', 'Bolla', 'Cantonetto', 'Rovere', 'Giardino', 'Pasquée', 'Resega', 'Gerso', 'Corona', 'Taglio', 'Cureglia', 'Vallemaggia', 'Leventina', 'Blenio', 'Onsernone', 'Verzasca', 'Capriasca', 'Malcantone', 'Mesolcina', 'Ceneri', 'Gottardo Vecchio', 'Vignalunga', 'Campo Marzio', 'Campagna Vecchia', 'Ronco Vecchio', 'Prato Grande', 'Belvedere', 'Panoramica', 'Bellavista', 'Roccolo', 'Collina', 'Sassello Alto', 'Torre Vecchia', 'Fontanone', 'Mulino Vecchio', 'Cascina', 'Stallone', 'Nocetta', 'Castagneto', 'Faggio', 'Betulle', 'Olmi', 'Tigli', 'Ippocastani', 'Glicini', 'Lauri', 'Mimose', 'Oleandri', 'Magnolie', 'Camelie'];
/** French nouns by gender, to which an adjective is hyphenated: "Chemin du Vieux-Moulin", "Rue de la Petite-Fontaine". */
const FR_MASCULINE = ['Moulin', 'Château', 'Pont', 'Bois', 'Pré', 'Verger', 'Marché', 'Chêne', 'Clos', 'Champ', 'Mont', 'Port', 'Four', 'Pressoir', 'Cèdre', 'Tilleul', 'Noyer', 'Cerisier', 'Étang', 'Puits', 'Vallon', 'Coteau', 'Crêt', 'Rocher', 'Jardin', 'Lavoir', 'Chemin', 'Portail'];
const FR_FEMININE = ['Fontaine', 'Tour', 'Croix', 'Grange', 'Vigne', 'Forêt', 'Chapelle', 'Rive', 'Côte', 'Place', 'Combe', 'Prairie', 'Source', 'Vallée', 'Terrasse', 'Roseraie', 'Ferme', 'Pierre', 'Cour', 'Maison', 'Porte', 'Muraille'];
const FR_ADJECTIVES_M = ['Petit', 'Grand', 'Vieux', 'Haut', 'Bas'];
const FR_ADJECTIVES_F = ['Petite', 'Grande', 'Vieille', 'Haute', 'Basse'];
/** Lieux-dits and people streets are named after without an article. */
const FR_NAMES = ['Frontenex', 'Malagnou', 'Miremont', 'Florissant', 'Vermont', 'Montchoisy', 'Beaulieu', 'Montbrillant', 'Sous-Bois', 'Bel-Air', 'Contamines', 'Vieusseux', 'Budé', 'Moillebeau', 'Trembley', 'Cointrin', 'Pinchat', 'Rieu', 'Vuillonnex', 'Treulaz', 'Genêts', 'Bossons', 'Chapelly', 'Lullin', 'Vergy', 'Vollandes', 'Amandolier', 'Pâquis-Centre', 'Cropettes', 'Délices', 'Charmilles', 'Geisendorf', 'Franchises', 'Ouches', 'Tattes', 'Évaux', 'Mategnin', 'Cointrin-Village', 'Vieux-Bureau', 'Bédex', 'Drize', 'Fontenette', 'Pontets', 'Palettes', 'Semailles', 'Marbriers', 'Grand-Pré', 'Roseraie', 'Pavillons', 'Crêts-de-Champel', 'Beau-Séjour', 'Hirondelles', 'Coudriers', 'Crozet', 'Morillon', 'Boissière', 'Grottes', 'Vernets', 'Minoteries', 'Bastions', 'Philosophes', 'Granges', 'Glacis', 'Terreaux', 'Rois', 'Falaises'];
/** Surnames streets are named after without an article: "Rue Töpffer", "Avenue Pictet-de-Rochemont". */
const FR_SURNAMES = ['Voltaire', 'Carl-Vogt', 'Lombard', 'Bertrand', 'Pictet-de-Rochemont', 'Agasse', 'Töpffer', 'Rigaud', 'Tronchin', 'Sismondi', 'Necker', 'De-Candolle', 'Liotard', 'Petitot', 'Massot', 'Michel-Servet', 'Hugo-de-Senger', 'Micheli-du-Crest', 'Soret', 'Lachenal'];

/**
 * The streets most towns have, most central first. "Piazza Grande" is Locarno's, not every village's; the
 * station streets only where a train stops (STATION_WORDS).
 */
const LANDMARKS: Record<Language, readonly string[]> = {
  de: ['Bahnhofstrasse', 'Dorfstrasse', 'Kirchgasse', 'Poststrasse', 'Schulhausstrasse', 'Marktgasse', 'Seestrasse', 'Industriestrasse', 'Gartenstrasse'],
  fr: ['Rue de la Gare', 'Grand-Rue', 'Rue de l’Église', 'Rue de la Poste', 'Place du Marché', 'Rue du Collège', 'Chemin des Écoles', 'Rue de l’Industrie'],
  it: ['Via Cantonale', 'Via Stazione', 'Via della Posta', 'Via alla Chiesa', 'Contrada Maggiore', 'Via delle Scuole', 'Via Industria'],
};

/** Words that name a railway station in a street name. */
const STATION_WORDS = /Bahnhof|Gare\b|Stazione/;

/** Whether a street name refers to a railway station (only where a railway runs). */
export function namesStation(name: string): boolean {
  return STATION_WORDS.test(name);
}

export function landmarkStreetNames(language: Language, hasStation: boolean): readonly string[] {
  return hasStation ? LANDMARKS[language] : LANDMARKS[language].filter((name) => !namesStation(name));
}

const DE_KIND_SUFFIX = /(strasse|weg|gasse|ring|steig|platz|-strasse|-weg|-gasse|-ring|-steig|-platz)$/i;
const FR_KINDS_PATTERN = /^(Rue|Chemin|Avenue|Route|Impasse|Sentier|Place|Boulevard|Passage|Quai|Promenade)\s+/;
const IT_KINDS_PATTERN = /^(Via|Vicolo|Strada|Salita|Viale|Piazza|Contrada|Carrale|Sentiero|Lungolago)\s+/;
const ARTICLES = /^(de la|de l’|de l'|des|du|de|d’|d'|della|delle|dello|degli|dei|del|alla|alle|al|ai|agli|in)\s*/i;

/**
 * The stem of a street name, without its kind: "Linden" for Lindenstrasse and Lindenweg, "Moulin" for Rue
 * and Chemin du Moulin, "Carlo Maderno" for Via and Vicolo Carlo Maderno. Swiss addressing rules want
 * each stem once per municipality, whatever the kind.
 */
export function streetStem(name: string): string {
  let stem = name.replace(FR_KINDS_PATTERN, '').replace(IT_KINDS_PATTERN, '');
  if (stem === name) stem = name.replace(DE_KIND_SUFFIX, '');
  return stem.replace(ARTICLES, '').trim().toLowerCase();
}

/** Place adjectives that do not follow the rule (Zürich → Zürcher, not Züricher). */
const GERMAN_ADJECTIVES: Readonly<Record<string, string>> = {
  Zürich: 'Zürcher',
  Basel: 'Basler',
  Genève: 'Genfer',
  Neuchâtel: 'Neuenburger',
  Fribourg: 'Freiburger',
  Biel: 'Bieler',
  'St. Gallen': 'St. Galler',
  Schaffhausen: 'Schaffhauser',
  Lugano: 'Lugano',
};

/** "Baarerstrasse", "Route de Cham", "Via Lugano": the road to a neighbouring place. */
export function townStreet(language: Language, town: string, rng: Rng): string {
  // "St. Gallen", "Le Locle", "La Chaux-de-Fonds": the article or abbreviation belongs to the name.
  const words = town.split(/[ /(]/).filter(Boolean);
  const base = /^(St\.|Ste\.|Le|La|Les|Sankt)$/.test(words[0] ?? '') && words[1] ? `${words[0]} ${words[1]}` : (words[0] ?? town);
  if (language === 'de') {
    // Baar → Baarerstrasse, Menzingen → Menzingerstrasse, Ägeri → Ägeristrasse, Zürich → Zürcherstrasse.
    const adjective =
      GERMAN_ADJECTIVES[base] ??
      (base.endsWith('en') ? `${base.slice(0, -2)}er` : /[aeioy]$/.test(base) || base.endsWith('er') ? base : `${base}er`);
    return `${adjective}${rng.pick(['strasse', 'strasse', 'weg'])}`;
  }
  if (language === 'fr') {
    // "Le Grand-Saconnex" → "Route du Grand-Saconnex", "Les Acacias" → "Chemin des Acacias".
    const of = town.replace(/^Le /, 'du ').replace(/^Les /, 'des ').replace(/^La /, 'de la ');
    const place = of === town ? `${/^[AEIOUÉÈÂ]/.test(base) ? 'd’' : 'de '}${base}` : of.split(/ \(/)[0];
    return `${rng.pick(['Route', 'Route', 'Chemin'])} ${place}`;
  }
  return `Via ${base}`;
}

/**
 * Whether a German name repeats a stem ("Ackerackerstrasse", "Mattmattweg", "Moosbahnhofmatt"): no real
 * street is called that, so the generator never returns one.
 */
export function repeatsStem(name: string): boolean {
  const lower = name.toLowerCase();
  const parts = [...DE_FIELDS, ...DE_STEMS.map((s) => s.toLowerCase()), ...DE_KINDS].filter((p) => p.length >= 3);
  return parts.some((p) => {
    const first = lower.indexOf(p);
    return first >= 0 && lower.indexOf(p, first + p.length) >= 0;
  });
}

function germanName(rng: Rng): string {
  if (rng.chance(0.3)) {
    // A field name: "Obermatt", "Sonnenbühlweg", "Hinterfeldstrasse".
    const field = `${rng.pick(DE_FIELD_PREFIXES)}${rng.pick(DE_FIELDS)}`;
    return rng.chance(0.35) ? field : `${field}${rng.pick(['strasse', 'weg'])}`;
  }
  const stem = rng.pick(DE_STEMS);
  const kind = rng.pick(DE_KINDS);
  return stem.startsWith('St. ') ? `${stem}-${kind === 'platz' ? 'Platz' : `${kind[0].toUpperCase()}${kind.slice(1)}`}` : `${stem}${kind}`;
}

const DE_PREFIXES = ['Ober', 'Unter', 'Hinter', 'Vorder', 'Neu', 'Alt'];
/** People German-speaking towns name streets after: "Pestalozzistrasse". */
const DE_PEOPLE = ['Pestalozzi', 'Dufour', 'Gotthelf', 'Zwingli', 'Gottfried-Keller', 'Spitteler', 'Hodler', 'Dunant', 'Alfred-Escher', 'Zschokke', 'Bircher', 'Segantini', 'Anker', 'Huber', 'Welti', 'Tell', 'Winkelried', 'Paracelsus', 'Euler', 'Bernoulli', 'Haller', 'Jeremias-Gotthelf', 'Meyer', 'Frisch', 'Dürrenmatt', 'Walser', 'Hesse', 'Sulzer', 'Guisan', 'Kasimir-Pfyffer', 'Zurlauben', 'Schwerzmann', 'Landtwing', 'Pfyffer', 'Segesser', 'Cysat', 'Zyböri', 'Moosmann'];

function frenchName(rng: Rng, kind: string): string {
  const roll = rng.next();
  if (roll < 0.12) return `${kind} ${rng.pick(FR_PEOPLE)}`;
  if (roll < 0.22) return `${kind} ${rng.pick(FR_SURNAMES)}`;
  if (roll < 0.4) {
    const name = rng.pick(FR_NAMES);
    return `${kind} ${/^[AEIOUÉÈ]/.test(name) ? `d’${name}` : `de ${name}`}`;
  }
  if (roll < 0.65) {
    if (rng.chance(0.5)) return `${kind} du ${rng.pick(FR_ADJECTIVES_M)}-${rng.pick(FR_MASCULINE)}`;
    return `${kind} de la ${rng.pick(FR_ADJECTIVES_F)}-${rng.pick(FR_FEMININE)}`;
  }
  const noun = rng.pick(FR_NOUNS);
  return `${kind} ${noun.startsWith('du ') || noun.startsWith('des ') ? noun : `de ${noun}`}`;
}

function italianName(rng: Rng, kind: string): string {
  const roll = rng.next();
  if (roll < 0.15) return `${kind} ${rng.pick(IT_PEOPLE)}`;
  if (roll < 0.7) return `${kind} ${rng.pick(IT_NAMES)}`;
  return `${kind} ${rng.pick(IT_NOUNS)}`;
}

/** Stems that take "Ober", "Hinter" …: not the saints, not the station ("Oberbahnhofstrasse" is no street). */
const PREFIXABLE_STEMS = DE_STEMS.filter((stem) => !stem.startsWith('St. ') && stem !== 'Bahnhof' && stem !== 'Post');

function germanStemName(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.12) {
    const person = rng.pick(DE_PEOPLE);
    const kind = rng.pick(['strasse', 'strasse', 'weg']);
    return person.includes('-') ? `${person}-${kind[0].toUpperCase()}${kind.slice(1)}` : `${person}${kind}`;
  }
  if (roll < 0.3) return `${rng.pick(DE_PREFIXES)}${rng.pick(PREFIXABLE_STEMS).toLowerCase()}${rng.pick(['strasse', 'weg'])}`;
  return germanName(rng);
}

/** A plausible street name in the canton's language; `neighbours` are nearby municipality names. */
export function streetName(language: Language, neighbours: readonly string[], rng: Rng): string {
  if (neighbours.length > 0 && rng.chance(0.15)) return townStreet(language, rng.pick(neighbours), rng);
  if (language === 'de') {
    let name = germanStemName(rng);
    for (let attempt = 0; repeatsStem(name) && attempt < 10; attempt++) name = germanStemName(rng);
    return repeatsStem(name) ? 'Dorfstrasse' : name;
  }
  if (language === 'fr') return frenchName(rng, rng.pick(FR_KINDS));
  return italianName(rng, rng.pick(IT_KINDS));
}

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

/** The streets every town has, most central first. */
const LANDMARKS: Record<Language, readonly string[]> = {
  de: ['Bahnhofstrasse', 'Dorfstrasse', 'Kirchgasse', 'Poststrasse', 'Schulhausstrasse', 'Marktgasse', 'Seestrasse', 'Industriestrasse', 'Gartenstrasse'],
  fr: ['Rue de la Gare', 'Grand-Rue', 'Rue de l’Église', 'Rue de la Poste', 'Place du Marché', 'Rue du Collège', 'Chemin des Écoles', 'Rue de l’Industrie'],
  it: ['Via Cantonale', 'Via Stazione', 'Piazza Grande', 'Via della Posta', 'Via alla Chiesa', 'Contrada Maggiore', 'Via delle Scuole', 'Via Industria'],
};

export function landmarkStreetNames(language: Language): readonly string[] {
  return LANDMARKS[language];
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
  if (language === 'fr') return `${rng.pick(['Route', 'Route', 'Chemin'])} de ${base}`;
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

/** A plausible street name in the canton's language; `neighbours` are nearby municipality names. */
export function streetName(language: Language, neighbours: readonly string[], rng: Rng): string {
  if (neighbours.length > 0 && rng.chance(0.15)) return townStreet(language, rng.pick(neighbours), rng);
  if (language === 'de') {
    let name = germanName(rng);
    for (let attempt = 0; repeatsStem(name) && attempt < 10; attempt++) name = germanName(rng);
    return repeatsStem(name) ? 'Dorfstrasse' : name;
  }
  if (language === 'fr') {
    const kind = rng.pick(FR_KINDS);
    if (rng.chance(0.3)) return `${kind} ${rng.pick(FR_PEOPLE)}`;
    const noun = rng.pick(FR_NOUNS);
    return `${kind} ${noun.startsWith('du ') || noun.startsWith('des ') ? noun : `de ${noun}`}`;
  }
  const kind = rng.pick(IT_KINDS);
  const noun = rng.chance(0.3) ? rng.pick(IT_PEOPLE) : rng.pick(IT_NOUNS);
  return `${kind} ${noun}`;
}

import type { Language } from '../../geo/cantons';
import type { Rng } from '../random';
const DE_STEMS = ['Bahnhof', 'Dorf', 'Kirch', 'Schul', 'Berg', 'See', 'Wald', 'Linden', 'Birken', 'Garten', 'Sonnen', 'Rosen', 'Mühle', 'Feld', 'Bach', 'Industrie', 'Post', 'Markt', 'Hof', 'Kreuz', 'Ahorn', 'Buchen', 'Eichen', 'Tannen', 'Matt', 'Rain', 'Halden', 'Grund', 'Acker', 'Weiher', 'Obstgarten', 'Blumen', 'Zelg', 'Brunnen', 'Stein', 'Schloss', 'Sand', 'Moos', 'Rüti', 'Bünt', 'Hasel', 'Espen', 'Föhren', 'Kapellen', 'Rebberg', 'Säntis', 'Rigi', 'Pilatus', 'Gotthard', 'Alpen', 'Eschen', 'Ulmen', 'Kirschen', 'Nussbaum', 'Reben', 'Riet', 'Bühl'];
const DE_KINDS = ['strasse', 'strasse', 'weg', 'weg', 'gasse', 'rain', 'halde', 'matt', 'ring', 'hof', 'acker', 'steig'];
const FR_NOUNS = ['la Gare', 'l’Église', 'du Lac', 'du Moulin', 'du Château', 'la Fontaine', 'la Poste', 'la Forêt', 'des Vignes', 'des Prés', 'des Tilleuls', 'des Cerisiers', 'des Écoles', 'du Marché', 'du Pont', 'des Alpes', 'du Jura', 'des Acacias', 'des Pâquis', 'de la Croix', 'des Bains', 'du Stand', 'des Crêts', 'du Signal', 'des Platanes', 'du Nant', 'de la Chapelle', 'du Bourg', 'des Vergers', 'de la Servette', 'du Collège', 'des Sources', 'du Verger', 'des Noyers', 'de la Rochette', 'du Rhône', 'des Mouettes', 'du Bois', 'des Champs', 'de la Colline', 'du Mont-Blanc', 'des Saules'];
const FR_KINDS = ['Rue', 'Rue', 'Chemin', 'Chemin', 'Avenue', 'Route', 'Impasse', 'Sentier', 'Place', 'Boulevard', 'Passage', 'Quai'];
const IT_NOUNS = ['Stazione', 'Chiesa', 'Lago', 'Monte', 'Scuole', 'Cantonale', 'San Gottardo', 'Castello', 'Mulino', 'Ronco', 'Vigna', 'Fontana', 'Posta', 'Campagna', 'Pini', 'Ceresio', 'Motta', 'Nosedo', 'Selva', 'Ponte', 'Orti', 'Tesserete', 'Pradello', 'Gerra', 'Cortivo', 'Roncaccio', 'Albarelle', 'Borghetto', 'Brughiera', 'Canova', 'Castagni', 'Noce', 'Boschetto', 'Madonna', 'Sole', 'Maggio', 'Ticino', 'Riale', 'Prati', 'Ginestra', 'Torretta', 'Vedeggio', 'Campagnola', 'Muraccio'];
const FR_PEOPLE = ['Jean-Jacques Rousseau', 'Henri Dunant', 'Guillaume-Henri Dufour', 'Jean Calvin', 'Ferdinand Hodler', 'Le Corbusier', 'Germaine de Staël', 'Louis Favre', 'Philibert Berthelier', 'Théodore de Bèze', 'Pierre Fatio', 'Jean Piaget', 'Albert Gallatin', 'Ernest Ansermet', 'Charles Bonnet', 'Horace-Bénédict de Saussure', 'Émile Jaques-Dalcroze', 'Alexandre Vinet', 'Nicolas Bouvier', 'Isabelle Eberhardt'];
const IT_PEOPLE = ['Stefano Franscini', 'Vincenzo Vela', 'Francesco Borromini', 'Carlo Maderno', 'Domenico Fontana', 'Giuseppe Motta', 'Luigi Lavizzari', 'Alberto Giacometti', 'Mario Botta', 'Plinio Bolla', 'Giovanni Segantini', 'Pietro Chiesa', 'Francesco Chiesa', 'Giuseppe Lepori', 'Brenno Bertoni', 'Emilio Motta', 'Angelo Nessi', 'Elvezio Papa', 'Luigi Taddei', 'Antonio Ciseri'];
const IT_KINDS = ['Via', 'Via', 'Via', 'Vicolo', 'Strada', 'Salita', 'Viale', 'Piazza', 'Contrada', 'Carrale', 'Sentiero', 'Vicolo'];

/** "Baarerstrasse", "Route de Cham", "Via Lugano": streets named after a neighbouring town. */
function townStreet(language: Language, town: string, rng: Rng): string {
  const base = town.split(/[ /(]/)[0];
  if (language === 'de') {
    // Baar → Baarerstrasse, Menzingen → Menzingerstrasse, Ägeri → Ägeristrasse.
    const adjective = base.endsWith('en') ? `${base.slice(0, -2)}er` : /[aeiouy]$/.test(base) || base.endsWith('er') ? base : `${base}er`;
    return `${adjective}${rng.pick(['strasse', 'weg'])}`;
  }
  if (language === 'fr') return `Route de ${base}`;
  return `Via ${base}`;
}

/** A plausible street name in the canton's language; `neighbours` are nearby municipality names. */
export function streetName(language: Language, neighbours: readonly string[], rng: Rng): string {
  if (neighbours.length > 0 && rng.chance(0.18)) return townStreet(language, rng.pick(neighbours), rng);
  if (language === 'de') {
    // Compounds ("Lindenbergstrasse") give big towns enough distinct names.
    const stem = rng.chance(0.35) ? `${rng.pick(DE_STEMS)}${rng.pick(DE_STEMS).toLowerCase()}` : rng.pick(DE_STEMS);
    return `${stem}${rng.pick(DE_KINDS)}`;
  }
  if (language === 'fr') {
    const kind = rng.pick(FR_KINDS);
    if (rng.chance(0.3)) return `${kind} ${rng.pick(FR_PEOPLE)}`;
    const noun = rng.pick(FR_NOUNS);
    return `${kind} ${noun.startsWith('du') || noun.startsWith('des') ? noun : `de ${noun}`}`;
  }
  return `${rng.pick(IT_KINDS)} ${rng.chance(0.3) ? rng.pick(IT_PEOPLE) : rng.pick(IT_NOUNS)}`;
}

import de from '../../../translations/de.json';
import en from '../../../translations/en.json';
import fr from '../../../translations/fr.json';
import it from '../../../translations/it.json';
import { describeValue, formatVocabularyMessage, type VocabularyField } from '../../../src/contract/ParcelVocabulary';
import type { LabelledCode } from '../../store/contract/parcels/DatasetWriter';

const MESSAGES: Record<keyof LabelledCode['lang'], Record<string, string>> = { en, de, fr, it };

/**
 * The lookup labels only use plain `{name}` placeholders (zone templates), so a placeholder swap is
 * enough here; a message with ICU arguments (plural, number) would keep them unformatted.
 */
function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** "geothermal probes permitted" → "Geothermal probes permitted": lookup labels head a list entry. */
function sentenceCase(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/**
 * A coded value with its label in the four languages, taken from the parcel vocabulary (translations/
 * vocab.*) so the lookups say what the drawer says. A code the vocabulary lacks is refused: the dataset
 * must not invent codes nobody can read.
 */
export function labelledCode(field: VocabularyField, code: string): LabelledCode {
  const message = describeValue(field, code);
  if (!message) throw new Error(`${field} code "${code}" is not in the parcel vocabulary`);
  const label = (language: keyof LabelledCode['lang']) =>
    sentenceCase(formatVocabularyMessage(message, (id, values) => fill(MESSAGES[language][id] ?? id, values)));
  return { code, lang: { en: label('en'), de: label('de'), fr: label('fr'), it: label('it') } };
}

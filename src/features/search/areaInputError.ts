import { emptyOrAtLeast0, numberOnly } from '../../lib/validation/rules';

/**
 * The validation of a parcel-size input (spec §5): empty is fine, otherwise a number of at least 0.
 * Returns the translation id of the message, or null when the value is valid.
 */
export function areaInputError(value: string): string | null {
  return numberOnly(value) ?? emptyOrAtLeast0(value);
}

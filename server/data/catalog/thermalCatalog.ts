import { THERMAL_CODES as CODES } from '../../../src/contract/ParcelVocabulary';
import type { LabelledCode } from '../../store/contract/parcels/DatasetWriter';
import { labelledCode } from './vocabularyLabels';

/** Geothermal probe admissibility (cantonal Erdwärmesonden maps), the GRN_TRM values and their labels. */
export const THERMAL_CODES: readonly LabelledCode[] = CODES.map((code) => labelledCode('GRN_TRM', code));

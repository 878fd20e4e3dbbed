import type { LabelledCode } from '../../store/parcels/DatasetWriter';
/** Geothermal probe admissibility (cantonal Erdwärmesonden maps), the GRN_TRM values. */
export const THERMAL_CODES: readonly LabelledCode[] = [
  {
    code: 'EWS-ZUL',
    lang: { en: 'Geothermal probes permitted', de: 'Erdwärmesonden zulässig', fr: 'Sondes géothermiques autorisées', it: 'Sonde geotermiche ammesse' },
  },
  {
    code: 'EWS-AUF',
    lang: {
      en: 'Permitted with conditions',
      de: 'Zulässig mit Auflagen',
      fr: 'Autorisées sous conditions',
      it: 'Ammesse con condizioni',
    },
  },
  {
    code: 'EWS-ABK',
    lang: {
      en: 'Clarification required',
      de: 'Abklärung erforderlich',
      fr: 'Clarification nécessaire',
      it: 'Accertamento necessario',
    },
  },
  {
    code: 'EWS-NZL',
    lang: { en: 'Geothermal probes not permitted', de: 'Erdwärmesonden nicht zulässig', fr: 'Sondes géothermiques interdites', it: 'Sonde geotermiche non ammesse' },
  },
];

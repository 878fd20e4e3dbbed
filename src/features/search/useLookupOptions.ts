import { skipToken } from '@reduxjs/toolkit/query/react';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../store/hooks';
import type { LangMap } from '../../contract/Parcel';
import type { LookupOption } from './LookupSelect';
import { translateValue } from '../../contract/ParcelVocabulary';
import {
  useFindAlphasQuery,
  useFindCantonsQuery,
  useFindLocationNamesQuery,
  useFindStreetsQuery,
  useFindThermalsQuery,
} from './searchApi';
import { selectDraft, selectLookupQuery } from './searchSlice';

/**
 * Coded items by their label in the reader's language: the lookup's own, else the parcel vocabulary's
 * ("EWS-ABK" → "Geothermal probes: clarification needed", "A" → "Work zone (A)"), as the parcel detail
 * names them; a code neither knows stays as it is.
 */
function labelled(
  items: { code: string; lang?: LangMap }[] | undefined,
  language: string,
  vocabulary: (code: string) => string,
): LookupOption[] {
  return (items ?? []).map((item) => ({
    value: item.code,
    label: item.lang?.[language as keyof LangMap] ?? vocabulary(item.code),
  }));
}

function codes(items: { code: string; name?: string }[] | undefined): LookupOption[] {
  return (items ?? []).map((item) => ({
    value: item.code,
    label: item.name ? `${item.code} – ${item.name}` : item.code,
  }));
}

/**
 * The options of every lookup of the advanced dialog. The dependent lists ask only once a canton is
 * chosen, and their arguments carry the canton (and municipalities), so a change reloads them (spec §4).
 */
export function useLookupOptions(open: boolean) {
  const intl = useIntl();
  const { locale } = intl;
  const valueText = (field: string, code: string) =>
    translateValue(field, code, (id, values) => intl.formatMessage({ id }, values));
  const draft = useAppSelector(selectDraft);
  const query = useAppSelector(selectLookupQuery);
  const canton = open ? draft.CANTON : undefined;
  const cantons = useFindCantonsQuery(open ? { q: query.canton ?? '' } : skipToken);
  const locnames = useFindLocationNamesQuery(canton ? { q: query.locname ?? '', canton } : skipToken);
  const streets = useFindStreetsQuery(
    canton ? { q: query.street ?? '', canton, locname: draft.LOCNAME } : skipToken,
  );
  const thermals = useFindThermalsQuery(canton ? { q: query.thermal ?? '', canton } : skipToken);
  const alphaPri = useFindAlphasQuery(
    canton ? { q: query.alphaPri ?? '', canton, varname: 'ALPHA_PRI' } : skipToken,
  );
  const alphaSec = useFindAlphasQuery(
    canton ? { q: query.alphaSec ?? '', canton, varname: 'ALPHA_SEC' } : skipToken,
  );
  return {
    canton: { options: codes(cantons.data), loading: cantons.isFetching },
    locname: { options: codes(locnames.data), loading: locnames.isFetching },
    street: { options: codes(streets.data), loading: streets.isFetching },
    thermal: {
      options: labelled(thermals.data, locale, (code) => valueText('GRN_TRM', code)),
      loading: thermals.isFetching,
    },
    alphaPri: {
      options: labelled(alphaPri.data, locale, (code) => valueText('ALPHA_PRIS', code)),
      loading: alphaPri.isFetching,
    },
    alphaSec: {
      options: labelled(alphaSec.data, locale, (code) => valueText('ALPHA_SECS', code)),
      loading: alphaSec.isFetching,
    },
  };
}

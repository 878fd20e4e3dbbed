import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLookupOptions } from '../../../src/features/search/useLookupOptions';
import { EMPTY_ADVANCED_DRAFT } from '../../../src/features/search/advancedDraft';
import { initialSearchState } from '../../../src/features/search/searchSlice';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { fixtureState } from '../storeFixture';

// Lookup items as the server sends many of them: a code and no label of their own.
startMswServer(
  http.get(apiUrl('/v1/secure/cantons/find'), () => HttpResponse.json({ data: [], error: false })),
  http.get(apiUrl('/v1/secure/location-names/'), () => HttpResponse.json([])),
  http.get(apiUrl('/v1/secure/streets/'), () => HttpResponse.json([])),
  http.get(apiUrl('/v1/secure/thermals/find'), () =>
    HttpResponse.json({
      data: [
        { code: 'EWS-ABK', canton: 'ZG' },
        { code: 'EWS-AUF', canton: 'ZG' },
        { code: 'XYZ', canton: 'ZG' },
      ],
      error: false,
    }),
  ),
  http.get(apiUrl('/v1/secure/alphas/'), ({ request }) =>
    HttpResponse.json(
      new URL(request.url).searchParams.get('varname') === 'ALPHA_PRI'
        ? [{ code: 'W2', canton: 'ZG', varname: 'ALPHA_PRI' }]
        : [{ code: '62', canton: 'ZG', varname: 'ALPHA_SEC' }],
    ),
  ),
);

function Options() {
  const { thermal, alphaPri, alphaSec } = useLookupOptions(true);
  return (
    <ul>
      {[...thermal.options, ...alphaPri.options, ...alphaSec.options].map((option) => (
        <li key={String(option.value)} data-testid={`option-${String(option.value)}`}>
          {option.label}
        </li>
      ))}
    </ul>
  );
}

describe('advanced dialog drop-downs: labels, not raw codes', () => {
  it.each([
    ['en', 'geothermal probes: clarification required', 'geothermal probes permitted with conditions'],
    ['de', 'Erdwärmesonden: Abklärung erforderlich', 'Erdwärmesonden zulässig mit Auflagen'],
  ] as const)(
    'names thermal and zone codes through the parcel vocabulary in %s',
    async (language, abk, auf) => {
      renderWithProviders(<Options />, {
        preloadedState: {
          ...fixtureState('signed-in-map-user'),
          language: { chosen: language },
          search: { ...initialSearchState, draft: { ...EMPTY_ADVANCED_DRAFT, CANTON: 'ZG' } },
        },
      });
      expect(await screen.findByTestId('option-EWS-ABK')).toHaveTextContent(abk);
      expect(screen.getByTestId('option-EWS-AUF')).toHaveTextContent(auf);
      // A code the vocabulary does not know stays as it is.
      expect(screen.getByTestId('option-XYZ')).toHaveTextContent(/^XYZ$/);
      expect(await screen.findByTestId('option-W2')).not.toHaveTextContent(/^W2$/);
      expect(screen.getByTestId('option-W2')).toHaveTextContent('(W2)');
      expect(await screen.findByTestId('option-62')).not.toHaveTextContent(/^62$/);
    },
  );
});

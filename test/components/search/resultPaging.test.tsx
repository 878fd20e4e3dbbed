import { screen } from '@testing-library/react';
import { ResultPaging } from '../../../src/features/search/ResultPaging';
import { TOTAL_HITS_CAP } from '../../../src/contract/SearchParameters';
import type { Language } from '../../../src/features/i18n/Language';
import { renderWithProviders } from '../renderWithProviders';

/** A total the server counted only up to its cap reads "10,000+", in every language. */
function renderPaging(language: Language, relation: 'eq' | 'gte', total = TOTAL_HITS_CAP) {
  return renderWithProviders(
    <ResultPaging total={total} relation={relation} page={1} size={12} onPage={() => undefined} />,
    { preloadedState: { language: { chosen: language } } },
  );
}

const tenThousand = (language: Language) => new Intl.NumberFormat(language).format(TOTAL_HITS_CAP);

describe('the result count at the cap', () => {
  it.each<[Language, (n: string) => string]>([
    ['en', (n) => `Found ${n}+ results`],
    ['de', (n) => `${n}+ Ergebnisse gefunden`],
    ['fr', (n) => `${n}+ résultats trouvés`],
    ['it', (n) => `${n}+ risultati trovati`],
  ])('reads "10,000+ results" in %s, with the capped page count', async (language, text) => {
    renderPaging(language, 'gte');
    // French groups digits with a narrow no-break space; the matcher sees every space as one blank.
    expect(await screen.findByText(text(tenThousand(language)).replace(/\s/g, ' '))).toBeInTheDocument();
    expect(screen.getByTestId('result-page')).toHaveTextContent(/1\D+100\+/);
  });

  it('shows an exact total as it is, without a plus', async () => {
    renderPaging('en', 'eq');
    expect(await screen.findByTestId('result-count')).toHaveTextContent('Found 10,000 results');
    expect(screen.getByTestId('result-page')).toHaveTextContent('Page 1 of 100+');
    renderPaging('en', 'eq', 840);
    expect(screen.getByText('Found 840 results')).toBeInTheDocument();
  });
});

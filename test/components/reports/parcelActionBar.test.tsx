import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ParcelActionBar } from '../../../src/features/reports/ParcelActionBar';
import { SnackbarArea } from '../../../src/features/ui/SnackbarArea';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { fullResponse } from '../search/searchFixtures';
import { fixtureState } from '../storeFixture';

const server = startMswServer();
const detail = fullResponse({
  PRC_ID: 'CH123456789012',
  LOCNAME: 'Zug',
  PRC_COO_X: 2681234.4,
  PRC_COO_Y: 1224567.6,
});

function renderBar(shown = detail) {
  const user = userEvent.setup();
  const view = renderWithProviders(
    <>
      <ParcelActionBar detail={shown} />
      <SnackbarArea />
    </>,
    { preloadedState: fixtureState('signed-in-map-user') },
  );
  return { user, ...view };
}

let open: jest.SpyInstance;
beforeEach(() => {
  open = jest.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
});
afterEach(() => open.mockRestore());

describe('the parcel action bar', () => {
  it('opens the PDF report in the chosen report language, which may differ from the interface', async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/v1/secure/maps/export-token/:id'), ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({ token: 'ott-1', expiresAt: '2026-11-23T00:05:00.000Z' });
      }),
    );
    const { user } = renderBar();
    await user.click(screen.getByRole('combobox', { name: 'Report language' }));
    await user.click(await screen.findByTitle('IT'));
    await user.click(screen.getByTestId('report-action-pdf'));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const url = new URL(open.mock.calls[0][0] as string, 'http://localhost');
    expect(url.pathname).toBe('/v1/secure/reports/pdf');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      prcid: 'CH123456789012',
      lang: 'it',
      ott_token: 'ott-1',
    });
    expect(asked).toEqual(['CH123456789012']);
    expect(await screen.findByText('The PDF report opens in a new tab.')).toBeInTheDocument();
  });

  it('opens the automated assessment with its own token (spec §7 ai-report-token)', async () => {
    server.use(
      http.get(apiUrl('/v1/secure/maps/ai-report-token/:id'), () =>
        HttpResponse.json({ token: 'ott-ai', expiresAt: '2026-11-23T00:05:00.000Z' }),
      ),
    );
    const { user } = renderBar();
    await user.click(screen.getByTestId('report-action-assessment'));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const url = new URL(open.mock.calls[0][0] as string, 'http://localhost');
    expect(url.pathname).toBe('/v1/secure/ai-reports/generate-ai-report-for-plot');
    expect(url.searchParams.get('ott_token')).toBe('ott-ai');
  });

  it('at the plan limit shows the server message with an Upgrade action that goes to the plans', async () => {
    server.use(
      http.get(apiUrl('/v1/secure/maps/export-token/:id'), () =>
        HttpResponse.json(
          {
            error: true,
            errorCode: 'LIMIT_REACHED_REPORT_DOWNLOAD',
            errorMessage: 'You have reached the report download limit of your plan',
          },
          { status: 402 },
        ),
      ),
    );
    const { user } = renderBar();
    await user.click(screen.getByTestId('report-action-dxf'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'You have reached the report download limit of your plan Check your Plan and upgrade to receive more limits',
    );
    expect(open).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: 'Upgrade' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/plans');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says honestly that there is no DWG writer and offers the DXF instead', async () => {
    server.use(
      http.get(apiUrl('/v1/secure/maps/export-token/:id'), () =>
        HttpResponse.json({ token: 'ott-dxf', expiresAt: '2026-11-23T00:05:00.000Z' }),
      ),
    );
    const { user } = renderBar();
    await user.click(screen.getByTestId('report-action-dwg'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('DWG export');
    expect(dialog).toHaveTextContent('no open writer');
    await user.click(within(dialog).getByRole('button', { name: 'Download DXF instead' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open.mock.calls[0][0]).toContain('/v1/secure/reports/dxf?');
  });

  it('sends a demo parcel to the official cadastral map at its position, and says why before it opens', async () => {
    const demo = fullResponse({ ...detail.feature, PRC_SRC: 'synthetic' });
    const { user } = renderBar(demo);
    const link = screen.getByTestId('report-link-register');
    expect(link).toHaveTextContent('Cadastral map at the parcel');
    const href = link.getAttribute('href')!;
    expect(href).not.toContain('egrid=');
    expect(href).toContain('map.geo.admin.ch');
    expect(href).toContain('center=2681234,1224568');
    expect(href).toContain('layers=ch.kantone.cadastralwebmap-farbe');
    await user.hover(link);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Demo parcel: its EGRID is invented');
  });

  it('links the canton register with the EGRID, the solar cadastre at the building and the 3D viewer', () => {
    renderBar();
    expect(screen.getByTestId('report-link-register')).toHaveAttribute(
      'href',
      `${detail.canton.urlOREB}${detail.canton.urlOREB.includes('?') ? '&' : '?'}egrid=CH123456789012`,
    );
    const solar = screen.getByTestId('report-link-solar').getAttribute('href')!;
    expect(solar).toContain('ch.bfe.solarenergie-eignung-daecher');
    const building = detail.objects[0];
    expect(solar).toContain(`center=${Math.round(building.OBJ_COO_X)},${Math.round(building.OBJ_COO_Y)}`);
    expect(screen.getByTestId('report-link-elevation3d').getAttribute('href')).toContain(
      'center=2681234,1224568',
    );
    expect(screen.getByTestId('report-link-elevation3d').getAttribute('href')).toContain('&3d');
    expect(screen.getByTestId('report-link-regulations').getAttribute('href')).toContain('Zug');
    for (const id of ['register', 'regulations', 'solar', 'elevation3d'])
      expect(screen.getByTestId(`report-link-${id}`)).toHaveAttribute('target', '_blank');
  });
});

import { act, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ExportJobEvent, ExportJobStarted } from '../../../src/contract/ExportJobs';
import { setMainToken } from '../../../src/features/auth/sessionSlice';
import { ExportJobsNotice } from '../../../src/features/exports/ExportJobsNotice';
import { MapViewScreen } from '../../../src/features/mapView/MapViewScreen';
import { openSocket } from '../../../src/features/realtime/socketConnection';
import { SnackbarArea } from '../../../src/features/ui/SnackbarArea';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { captureSavedFiles } from '../savedFiles';
import { sessionFixture } from '../sessionFixture';
import { searchResponse } from '../search/searchFixtures';

// maplibre-gl ships only an ESM "import" export, which jest's resolver does not pick: mock it by name.
jest.mock('maplibre-gl', () => jest.requireActual('../map/maplibreMock'), { virtual: true });
jest.mock('../../../src/features/realtime/socketConnection', () => ({
  openSocket: jest.fn(),
  closeSocket: jest.fn(),
}));
const openSocketMock = openSocket as jest.MockedFunction<typeof openSocket>;

const JOB = '6f1c2a4e-1b2c-4d3e-8f90-123456789abc';
const started: ExportJobStarted = {
  background: true,
  jobId: JOB,
  parcels: 1200,
  fileName: 'search-2026-11-27.xlsx',
};
let statusAnswer: () => Response = () => HttpResponse.json({}, { status: 500 });
const downloads: string[] = [];
startMswServer(
  http.get(apiUrl('/v1/secure/maps/search'), () => HttpResponse.json(searchResponse(12, 1200))),
  http.get(apiUrl('/v1/secure/maps/data-quality'), () => HttpResponse.json({ synthetic: 1, official: 0 })),
  http.get(apiUrl('/v1/secure/maps/export/:format'), () => HttpResponse.json(started, { status: 202 })),
  http.get(apiUrl(`/v1/secure/exports/${JOB}/status`), () => statusAnswer()),
  http.get(apiUrl(`/v1/secure/exports/${JOB}/download`), ({ request }) => {
    downloads.push(request.headers.get('authorization') ?? '');
    return new HttpResponse('xlsx-bytes', { headers: { 'content-type': 'application/octet-stream' } });
  }),
);

const saved = captureSavedFiles('blob:export');
beforeEach(() => {
  downloads.length = 0;
  openSocketMock.mockClear();
});

const push = (event: Partial<ExportJobEvent>) =>
  act(() =>
    openSocketMock.mock.calls[0][2]({
      type: 'export-job',
      data: {
        userId: 'u1',
        jobId: JOB,
        state: 'running',
        fileName: started.fileName,
        parcels: 1200,
        done: 0,
        percent: 0,
        expiresAt: null,
        ...event,
      },
    }),
  );

/** The map view with the notice and the snackbars, a search on screen, its export started (202). */
async function startBackgroundExport(language: 'en' | 'de' = 'en') {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const { store } = renderWithProviders(
    <>
      <MapViewScreen />
      <ExportJobsNotice />
      <SnackbarArea />
    </>,
    {
      initialEntries: ['/?searchQuery=Zug'],
      preloadedState: { session: sessionFixture(), language: { chosen: language } },
    },
  );
  // The socket opens when a token arrives (the preloaded one does not open it).
  act(() => {
    store.dispatch(setMainToken('main-token-2'));
  });
  expect(openSocketMock).toHaveBeenCalledTimes(1);
  await screen.findByTestId('search-export');
  await user.click(screen.getByTestId('search-export'));
  await user.click(
    await screen.findByText(language === 'en' ? 'Excel workbook (XLSX)' : 'Excel-Arbeitsmappe (XLSX)'),
  );
  return { user, notice: await screen.findByTestId('export-job') };
}

describe('a background export in the browser (ADR 040)', () => {
  it('shows the job at once, its progress as it is pushed, then a Download button that saves the file', async () => {
    const { user, notice } = await startBackgroundExport();
    expect(notice).toHaveTextContent(
      'The export of 1,200 parcels runs in the background. You can keep working; the download appears here.',
    );
    expect(within(notice).queryByRole('button', { name: /Download/ })).toBeNull();

    push({ done: 480, percent: 40 });
    expect(notice).toHaveTextContent('Exporting search-2026-11-27.xlsx: 40 % (480 of 1,200 parcels)');
    expect(within(notice).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');

    push({ state: 'done', done: 1200, percent: 100, expiresAt: '2026-11-27T21:30:00.000Z' });
    expect(notice).toHaveTextContent(
      /search-2026-11-27\.xlsx is ready \(1,200 parcels\)\. The download is available until/,
    );
    // A late progress push does not take the finished job back.
    push({ done: 1100, percent: 91 });
    expect(notice).toHaveAttribute('data-state', 'done');

    await user.click(within(notice).getByTestId('export-job-download'));
    expect(await screen.findByText('Saved search-2026-11-27.xlsx')).toBeInTheDocument();
    expect(saved).toEqual(['search-2026-11-27.xlsx']);
    expect(downloads[0]).toMatch(/^Bearer /);
    await user.click(within(notice).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('export-job')).toBeNull();
  });

  it('says in the user’s language when the export failed', async () => {
    const { notice } = await startBackgroundExport('de');
    push({ state: 'failed', done: 300, percent: 25 });
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice).toHaveTextContent(
      'Der Export von search-2026-11-27.xlsx ist fehlgeschlagen, es wurde nichts gespeichert.',
    );
    expect(within(notice).queryByTestId('export-job-download')).toBeNull();
  });

  it('asks after a running job when the socket is back; one the server no longer knows is interrupted', async () => {
    const { notice } = await startBackgroundExport();
    push({ done: 120, percent: 10 });
    statusAnswer = () =>
      HttpResponse.json(
        { error: true, message: 'This export does not exist or has expired. Start the export again' },
        { status: 404 },
      );
    act(() => openSocketMock.mock.calls[0][3]());
    expect(
      await within(notice).findByText(
        'The export of search-2026-11-27.xlsx was interrupted by a server restart. Please start it again: parcels already counted this period are free.',
      ),
    ).toBeInTheDocument();
    expect(notice).toHaveAttribute('data-state', 'interrupted');
  });

  it('a job the server still runs after a drop goes on with the answer of its status', async () => {
    const { notice } = await startBackgroundExport();
    statusAnswer = () =>
      HttpResponse.json({ ...started, state: 'running', done: 600, percent: 50, expiresAt: null });
    act(() => openSocketMock.mock.calls[0][3]());
    expect(
      await within(notice).findByText('Exporting search-2026-11-27.xlsx: 50 % (600 of 1,200 parcels)'),
    ).toBeInTheDocument();
  });
});

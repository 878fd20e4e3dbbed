import { printFrame, type MapPrintRequest } from '../../../src/contract/MapPrint';
import type { LayerRepository } from '../../store/contract/layers/LayerRepository';
import type { ParcelRepository } from '../../store/contract/parcels/ParcelRepository';
import type { LimitResult, RateLimiter } from '../accounts/rateLimits';
import { serverTranslator } from '../i18n/ServerTranslator';
import { fileNameDay } from '../reports/reportNaming';
import { printContent } from './printContent';

export interface MapPrintFile {
  body: Buffer;
  fileName: string;
}

export type MapPrintOutcome = { ok: true; file: MapPrintFile } | { ok: false; retryAfterSeconds: number };

/**
 * Prints the map view to scale as a PDF (ADR 033). Not a report download: nothing is counted against
 * the plan's quotas, but each account may print only so often (rendering a city sheet takes a while).
 */
export interface MapPrintService {
  print(userId: string, request: MapPrintRequest): Promise<MapPrintOutcome>;
}

/** "parcel-atlas-map-1-1000-A4-landscape-2026-11-27.pdf". */
export function mapPrintFileName(request: MapPrintRequest, now: Date): string {
  return `parcel-atlas-map-1-${request.scale}-${request.paper}-${request.orientation}-${fileNameDay(now)}.pdf`;
}

/** The share link the QR code opens: the map view (route `/`) at the app's own address with the view's query. */
export function printShareLink(publicUrl: string, view: string | undefined): string {
  return `${publicUrl.replace(/\/+$/, '')}/${view ? `?${view}` : ''}`;
}

export function createMapPrintService(deps: {
  parcels: ParcelRepository;
  layers: LayerRepository;
  limiter: RateLimiter;
  /** The app's own address: the QR code opens the view there. */
  publicUrl: string;
  demoData: boolean;
  now?: () => Date;
}): MapPrintService {
  const now = deps.now ?? (() => new Date());
  return {
    async print(userId, request) {
      const allowed: LimitResult = await deps.limiter.hit(userId);
      if (!allowed.allowed) return { ok: false, retryAfterSeconds: allowed.retryAfterSeconds };
      const at = now();
      const content = await printContent(deps, printFrame(request), request.layers);
      const link = printShareLink(deps.publicUrl, request.view);
      // The print's drawing modules (QR encoder, map and legend marks) load with the first print.
      const { renderMapPrint } = await import('./renderMapPrint');
      const rendered = await renderMapPrint(request, content, serverTranslator(request.locale), {
        now: at,
        demoData: deps.demoData,
        link,
      });
      return { ok: true, file: { body: rendered.pdf, fileName: mapPrintFileName(request, at) } };
    },
  };
}

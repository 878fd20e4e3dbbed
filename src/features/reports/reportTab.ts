import { runtimeConfig } from '../../config/runtimeConfig';
import { REPORT_PATHS, reportTabQuery } from '../../contract/Reports';
import type { ReportRequest } from './reportSlice';

/** The tab URL of a document: the main server's path with the parcel, language and one-time token. */
export function reportTabUrl({ prcId, document, language }: ReportRequest, token: string): string {
  const path = document === 'assessment' ? REPORT_PATHS.aiReportForPlot : REPORT_PATHS.file(document);
  return `${runtimeConfig().mainUrl}/v1/secure/${path}?${reportTabQuery({ prcid: prcId, lang: language, ott_token: token })}`;
}

/**
 * Opens a URL in a new tab, cut off from this page (no `opener`). False when the browser blocked it.
 * Not 'noopener' in the features: with it, window.open always returns null and a block goes unnoticed.
 */
export function openInNewTab(url: string): boolean {
  const tab = window.open(url, '_blank');
  if (!tab) return false;
  tab.opener = null;
  return true;
}

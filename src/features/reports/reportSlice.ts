import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ReportFileFormat, ReportLanguage } from '../../contract/Reports';

/** What the action bar and the result card can ask the server for. */
export type ReportDocument = ReportFileFormat | 'assessment';

export interface ReportRequest {
  prcId: string;
  document: ReportDocument;
  language: ReportLanguage;
}

export interface ReportState {
  /** The report language the user chose; null follows the interface language. */
  language: ReportLanguage | null;
  /** The document whose token is being fetched (its button shows progress). */
  pending: Omit<ReportRequest, 'language'> | null;
}

export const initialReportState: ReportState = { language: null, pending: null };

export const reportSlice = createSlice({
  name: 'reports',
  initialState: initialReportState,
  reducers: {
    reportLanguageChosen(state, action: PayloadAction<ReportLanguage>) {
      state.language = action.payload;
    },
    /** A report, export or assessment of a parcel: the listener gets a one-time token and opens a tab. */
    reportRequested(state, action: PayloadAction<ReportRequest>) {
      state.pending = { prcId: action.payload.prcId, document: action.payload.document };
    },
    reportSettled(state) {
      state.pending = null;
    },
  },
  selectors: {
    selectChosenReportLanguage: (state) => state.language,
    selectPendingReport: (state) => state.pending,
  },
});

export const { reportLanguageChosen, reportRequested, reportSettled } = reportSlice.actions;
export const { selectChosenReportLanguage, selectPendingReport } = reportSlice.selectors;

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The map print (ADR 033): whether its dialog is open and the print frame the map shows meanwhile —
 * the ground the chosen paper and scale cover, as a WGS84 ring (the dialog computes it in LV95).
 */
export interface PrintState {
  dialogOpen: boolean;
  frame: [number, number][] | null;
}

export const initialPrintState: PrintState = { dialogOpen: false, frame: null };

export const printSlice = createSlice({
  name: 'print',
  initialState: initialPrintState,
  reducers: {
    printDialogToggled(state, action: PayloadAction<boolean>) {
      state.dialogOpen = action.payload;
      if (!action.payload) state.frame = null;
    },
    printFrameChanged(state, action: PayloadAction<[number, number][] | null>) {
      state.frame = state.dialogOpen ? action.payload : null;
    },
  },
  selectors: {
    selectPrintDialogOpen: (state) => state.dialogOpen,
    selectPrintFrame: (state) => state.frame,
  },
});

export const { printDialogToggled, printFrameChanged } = printSlice.actions;
export const { selectPrintDialogOpen, selectPrintFrame } = printSlice.selectors;

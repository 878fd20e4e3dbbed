/**
 * The advanced dialog's form while the user edits it. Area inputs stay text so a wrong entry can be
 * shown with its validation message; "include roads" is the checkbox the PRC_IND filter comes from.
 */
export interface AdvancedSearchDraft {
  CANTON?: string;
  LOCNAME: string[];
  STREET: string[];
  GRN_TRM: string[];
  ALPHA_PRI?: string;
  ALPHA_SEC?: string;
  PRC_NO: string;
  PRC_ID: string;
  PRC_SUR_from: string;
  PRC_SUR_to: string;
  OBJECT_OPTIONS: '' | 'With' | 'Without';
  GRN_RAD: boolean;
  PRO_BUN: boolean;
  includeRoads: boolean;
  PRC_TYP?: 'Eigentum' | 'Baurecht';
  /** Hidden in the dialog (spec §2) but kept so a shared link's values survive an edit. */
  FREEWAY_from?: number;
  FREEWAY_to?: number;
  PUTRA_from?: number;
  PUTRA_to?: number;
}

export const EMPTY_ADVANCED_DRAFT: AdvancedSearchDraft = {
  LOCNAME: [],
  STREET: [],
  GRN_TRM: [],
  PRC_NO: '',
  PRC_ID: '',
  PRC_SUR_from: '',
  PRC_SUR_to: '',
  OBJECT_OPTIONS: '',
  GRN_RAD: false,
  PRO_BUN: false,
  includeRoads: false,
};

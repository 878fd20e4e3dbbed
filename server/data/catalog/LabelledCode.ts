import type { LangMap } from '../../../src/contract/Parcel';

export interface LabelledCode {
  code: string;
  lang: Required<LangMap>;
}

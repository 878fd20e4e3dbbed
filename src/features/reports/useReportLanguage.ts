import { useAppSelector } from '../../store/hooks';
import type { ReportLanguage } from '../../contract/Reports';
import { selectLanguage } from '../i18n/languageSlice';
import { selectChosenReportLanguage } from './reportSlice';

/** The language reports are written in: the one chosen in the action bar, else the interface language. */
export function useReportLanguage(): ReportLanguage {
  const chosen = useAppSelector(selectChosenReportLanguage);
  const ui = useAppSelector(selectLanguage);
  return chosen ?? ui;
}

import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { languageFromSearch } from './Language';
import { selectStoredLanguage, setLanguage } from './languageSlice';

/** Spec §1: a `lang` query parameter on any navigation sets the interface language and stores it. */
export function LanguageFromQuery() {
  const { search } = useLocation();
  const stored = useAppSelector(selectStoredLanguage);
  const dispatch = useAppDispatch();
  const requested = languageFromSearch(search);
  useEffect(() => {
    if (requested && requested !== stored) dispatch(setLanguage(requested));
  }, [requested, stored, dispatch]);
  return null;
}

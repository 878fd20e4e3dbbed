import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from '../../store/hooks';
import { selectIsLoggedIn } from '../auth/sessionSlice';
import { useGetFileObjectUrlQuery, useGetPreferencesQuery } from './settingsEndpoints';

/** The signed-in user's uploaded avatar as an image URL, or null (then the top bar shows the letter, spec §2). */
export function useAvatarUrl(): string | null {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { data: preferences } = useGetPreferencesQuery(loggedIn ? undefined : skipToken);
  const fileId = loggedIn ? (preferences?.avatarFileId ?? null) : null;
  const { data: url } = useGetFileObjectUrlQuery(fileId ?? skipToken);
  return fileId && url ? url : null;
}

import { UploadOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Typography } from 'antd';
import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../store/hooks';
import { UPLOAD_IMAGE_TYPES } from '../../contract/Settings';
import type { Profile } from '../../contract/Profile';
import { PALETTE } from '../../theme/palette';
import { avatarLetter } from '../auth/profile';
import { authErrorText } from '../auth/FormMessage';
import { showSnackbar } from '../ui/uiSlice';
import { useUploadFileMutation } from './settingsEndpoints';
import { useAvatarUrl } from './useAvatarUrl';

/** The avatar picture: shown in the top bar instead of the letter once uploaded (PNG, JPEG or WebP, ≤ 1 MB). */
export function AvatarUpload({ profile }: { profile: Profile }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const url = useAvatarUrl();
  const input = useRef<HTMLInputElement>(null);
  const [upload, { isLoading }] = useUploadFileMutation();

  async function choose(file: File | undefined) {
    if (!file) return;
    const result = await upload({ type: 'avatar', file });
    dispatch(
      'error' in result
        ? showSnackbar('error', authErrorText(result.error))
        : showSnackbar('success', { id: 'settings.avatar.updated' }),
    );
  }

  return (
    <Flex align="center" gap={16}>
      <Avatar
        size={64}
        src={url ?? undefined}
        alt={intl.formatMessage({ id: 'settings.avatar.alt' }, { name: profile.name || profile.username })}
        style={{ background: PALETTE.accent, fontSize: 28, flex: 'none' }}
        data-testid="settings-avatar"
      >
        {avatarLetter(profile)}
      </Avatar>
      <Flex vertical gap={4} align="flex-start">
        <Button icon={<UploadOutlined />} loading={isLoading} onClick={() => input.current?.click()}>
          <FormattedMessage id="settings.avatar.upload" />
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <FormattedMessage id="settings.avatar.hint" />
        </Typography.Text>
      </Flex>
      <input
        ref={input}
        type="file"
        hidden
        accept={UPLOAD_IMAGE_TYPES.join(',')}
        data-testid="avatar-input"
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </Flex>
  );
}

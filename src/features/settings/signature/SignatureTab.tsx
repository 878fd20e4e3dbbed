import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../../store/hooks';
import { authErrorText } from '../../auth/FormMessage';
import { showSnackbar } from '../../ui/uiSlice';
import {
  useGetPreferencesQuery,
  useSaveEmailSignatureMutation,
  useUploadFileMutation,
} from '../settingsEndpoints';
import { SignatureEditor } from './SignatureEditor';

/**
 * The administrators' e-mail signature (spec §2, §7, §8): loaded with `GET preferences/`, saved with
 * `POST preferences/email-signature` ('Updated email signature' / 'Failed to update email signature'),
 * images uploaded as `signature-image`. The signature is appended to the invitations this admin sends.
 */
export function SignatureTab() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data, isLoading, isError } = useGetPreferencesQuery();
  const [save, { isLoading: saving }] = useSaveEmailSignatureMutation();
  const [upload] = useUploadFileMutation();
  const [draft, setDraft] = useState<string | null>(null);

  const uploadImage = useCallback(
    async (file: File) => {
      const result = await upload({ type: 'signature-image', file });
      if ('error' in result) {
        dispatch(showSnackbar('error', authErrorText(result.error)));
        return null;
      }
      return result.data.url ?? null;
    },
    [dispatch, upload],
  );

  async function submit() {
    const result = await save(draft ?? data?.emailSignature ?? '');
    if ('error' in result || result.data.error) {
      dispatch(showSnackbar('error', { id: 'settings.signature.failed' }));
      return;
    }
    setDraft(null);
    dispatch(showSnackbar('success', { id: 'settings.signature.updated' }));
  }

  if (isLoading) return <Spin aria-label={intl.formatMessage({ id: 'common.loading' })} />;
  if (isError || !data) {
    return <Alert type="error" showIcon title={<FormattedMessage id="settings.signature.loadError" />} />;
  }
  return (
    <Flex vertical gap={12} style={{ maxWidth: 760 }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        <FormattedMessage id="settings.signature.hint" />
      </Typography.Paragraph>
      <SignatureEditor
        initialHtml={data.emailSignature}
        onChange={setDraft}
        uploadImage={uploadImage}
        label={intl.formatMessage({ id: 'settings.signature.title' })}
      />
      <Flex justify="flex-end">
        <Button type="primary" onClick={() => void submit()} loading={saving} disabled={draft === null}>
          <FormattedMessage id="settings.signature.save" />
        </Button>
      </Flex>
    </Flex>
  );
}

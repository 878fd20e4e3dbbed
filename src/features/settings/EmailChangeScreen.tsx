import { Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { AuthCard, GoToLoginButton } from '../auth/AuthCard';
import { authErrorText, FormMessage } from '../auth/FormMessage';
import { useConfirmEmailChangeMutation, useUndoEmailChangeMutation } from './settingsEndpoints';

/**
 * The two mailed links of an e-mail change: `/email-change/confirm/KEY` (sent to the new
 * address) makes it take effect; `/email-change/undo/KEY` (sent to the old one) cancels or reverses it.
 * The key is sent once, when the page opens.
 */
export function EmailChangeScreen({ mode }: { mode: 'confirm' | 'undo' }) {
  const intl = useIntl();
  const { key = '' } = useParams();
  const [confirm, confirmState] = useConfirmEmailChangeMutation();
  const [undo, undoState] = useUndoEmailChangeMutation();
  const state = mode === 'confirm' ? confirmState : undoState;
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void (mode === 'confirm' ? confirm(key) : undo(key));
  }, [confirm, undo, key, mode]);

  return (
    <AuthCard
      title={
        <FormattedMessage
          id={mode === 'confirm' ? 'settings.emailChange.confirmTitle' : 'settings.emailChange.undoTitle'}
        />
      }
    >
      {state.isUninitialized || state.isLoading ? (
        <Spin aria-label={intl.formatMessage({ id: 'common.loading' })} />
      ) : state.isSuccess ? (
        <Result
          status="success"
          title={state.data.message}
          extra={<GoToLoginButton />}
          style={{ padding: 8 }}
        />
      ) : (
        <>
          <FormMessage message={authErrorText(state.error)} />
          <GoToLoginButton />
        </>
      )}
    </AuthCard>
  );
}

export function ConfirmEmailChangeScreen() {
  return <EmailChangeScreen mode="confirm" />;
}

export function UndoEmailChangeScreen() {
  return <EmailChangeScreen mode="undo" />;
}

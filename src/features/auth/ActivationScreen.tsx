import { Button, Form, Input, Progress, Result, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { PALETTE } from '../../theme/palette';
import type { RegisterRequest } from '../../contract/Accounts';
import { passwordStrengthScore, REQUIRED_PASSWORD_STRENGTH } from '../../lib/validation/password';
import { selectLanguage } from '../i18n/languageSlice';
import type { SnackbarText } from '../ui/uiSlice';
import { activationOpened, selectActivationEmail, selectActivationPhase } from './activationSlice';
import { AuthCard, GoToLoginButton } from './AuthCard';
import { useRegisterMutation } from './authEndpoints';
import { authErrorText, FormMessage } from './FormMessage';
import { trimmedPasswords } from './NewPasswordFields';

/** The preferred-language choices in the order of spec §2. */
const LANGUAGE_CHOICES = ['en', 'it', 'fr', 'de'] as const;

type ActivationForm = Omit<RegisterRequest, 'email' | 'activationKey'>;

/** The fields of spec §5's 'Please fill in all fields', in the order the form shows them. */
const REQUIRED_FIELDS = [
  'name',
  'phone',
  'defaultLanguage',
  'companyName',
  'companyAddress',
  'username',
  'password',
  'confirmPassword',
] as const satisfies readonly (keyof ActivationForm)[];

/** A failed check of the form: the translation id of its message and the field it is about. */
export interface ActivationProblem {
  messageId: string;
  field: keyof ActivationForm;
}

/**
 * The form's own checks of spec §5, in order: the first failure and the field it belongs to, so the
 * message shows next to that field rather than at the top of a long form.
 */
export function activationFormProblem(values: ActivationForm): ActivationProblem | null {
  const empty = REQUIRED_FIELDS.find((field) => !values[field] || values[field].trim() === '');
  if (empty) return { messageId: 'auth.activation.fillAll', field: empty };
  if (values.password !== values.confirmPassword)
    return { messageId: 'auth.passwordMismatch', field: 'confirmPassword' };
  if (passwordStrengthScore(values.password) < REQUIRED_PASSWORD_STRENGTH)
    return { messageId: 'auth.activation.weak', field: 'password' };
  return null;
}

/**
 * One field's own check (spec §5): the translation id of its problem, or null. It keeps an error shown
 * next to a field up to date while the user fixes it, rather than until the next submit.
 */
export function activationFieldProblem(values: ActivationForm, field: keyof ActivationForm): string | null {
  const value = values[field];
  if (!value || value.trim() === '') return 'auth.activation.fillAll';
  if (field === 'confirmPassword' && values.password !== values.confirmPassword)
    return 'auth.passwordMismatch';
  if (field === 'password' && passwordStrengthScore(values.password) < REQUIRED_PASSWORD_STRENGTH)
    return 'auth.activation.weak';
  return null;
}

/** The form's own checks of spec §5, in order; the translation id of the first failure. */
export function activationFormError(values: ActivationForm): string | null {
  return activationFormProblem(values)?.messageId ?? null;
}

/** Activation (`/register/activate/KEY`): key check after 1000 ms, the registration form, the done step. */
export function ActivationScreen() {
  const { key = '' } = useParams();
  const dispatch = useAppDispatch();
  const phase = useAppSelector(selectActivationPhase);
  useEffect(() => {
    dispatch(activationOpened(key));
  }, [dispatch, key]);

  if (phase === 'checking') {
    return (
      <AuthCard title={<FormattedMessage id="auth.activation.checking" />}>
        <Spin />
      </AuthCard>
    );
  }
  if (phase === 'invalid') {
    return (
      <AuthCard title={<FormattedMessage id="screen.activation.title" />}>
        {/* A used or expired key is not a dead end: the account may already exist. */}
        <Result
          status="error"
          title={<FormattedMessage id="auth.activation.invalidKey" />}
          extra={<GoToLoginButton />}
        />
      </AuthCard>
    );
  }
  if (phase === 'done') {
    return (
      <AuthCard title={<FormattedMessage id="screen.activation.title" />}>
        <Result
          status="success"
          title={<FormattedMessage id="auth.activation.doneTitle" />}
          subTitle={<FormattedMessage id="auth.activation.doneSubtitle" />}
        />
      </AuthCard>
    );
  }
  return <RegistrationForm activationKey={key} />;
}

function RegistrationForm({ activationKey }: { activationKey: string }) {
  const intl = useIntl();
  const email = useAppSelector(selectActivationEmail);
  const language = useAppSelector(selectLanguage);
  const [form] = Form.useForm<ActivationForm>();
  const password: string = Form.useWatch('password', form) ?? '';
  const [register, { isLoading }] = useRegisterMutation();
  // The server's refusal shows above the Register button, where the user is when it comes back.
  const [message, setMessage] = useState<SnackbarText | null>(null);
  const label = (id: string) => intl.formatMessage({ id });
  const score = passwordStrengthScore(password);

  async function submit(values: ActivationForm) {
    // Passwords are trimmed on every path (the server trims them too, login included).
    const trimmed = { ...values, ...trimmedPasswords(values), username: email };
    const problem = activationFormProblem(trimmed);
    setMessage(null);
    form.setFields(REQUIRED_FIELDS.map((field) => ({ name: field, errors: [] })));
    if (problem) {
      // Next to the field it is about, which is scrolled to and focused.
      form.setFields([{ name: problem.field, errors: [intl.formatMessage({ id: problem.messageId })] }]);
      form.scrollToField(problem.field, { block: 'center', focus: true });
      return;
    }
    const result = await register({ ...trimmed, email, activationKey });
    if ('error' in result) setMessage(authErrorText(result.error));
  }

  /** The errors on screen follow the typing: each shown one is checked again, and goes once it is fixed. */
  function recheckShownErrors(all: ActivationForm) {
    const values = { ...all, ...trimmedPasswords(all), username: email };
    const shown = REQUIRED_FIELDS.filter((field) => form.getFieldError(field).length > 0);
    form.setFields(
      shown.map((field) => {
        const problem = activationFieldProblem(values, field);
        return { name: field, errors: problem ? [intl.formatMessage({ id: problem })] : [] };
      }),
    );
  }

  return (
    <AuthCard title={<FormattedMessage id="auth.activation.verified" />}>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={(_changed, all) => recheckShownErrors(all)}
        requiredMark
        initialValues={{ defaultLanguage: language, username: email }}
      >
        <Form.Item name="name" label={label('auth.activation.name')} required>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="phone" label={label('auth.activation.phone')} required>
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        <Form.Item name="defaultLanguage" label={label('auth.activation.language')} required>
          <Select
            options={LANGUAGE_CHOICES.map((code) => ({ value: code, label: label(`auth.language.${code}`) }))}
          />
        </Form.Item>
        <Form.Item name="companyName" label={label('auth.activation.companyName')} required>
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item name="companyAddress" label={label('auth.activation.companyAddress')} required>
          <Input.TextArea rows={3} autoComplete="street-address" />
        </Form.Item>
        <Form.Item name="username" label={label('auth.username')}>
          <Input readOnly />
        </Form.Item>
        <Form.Item
          name="password"
          label={label('auth.password')}
          required
          // Spec §2's hints: what to do while the field is empty, then how long the password must be.
          extra={
            <FormattedMessage
              id={password === '' ? 'auth.activation.passwordEmpty' : 'auth.activation.passwordHint'}
            />
          }
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Space orientation="vertical" size={0} style={{ width: '100%', marginBottom: 16 }}>
          <Typography.Text type="secondary">
            <FormattedMessage id="auth.activation.strength" />
          </Typography.Text>
          <Progress
            aria-label={label('auth.activation.strength')}
            data-testid="password-strength"
            data-score={score}
            percent={(score / REQUIRED_PASSWORD_STRENGTH) * 100}
            steps={REQUIRED_PASSWORD_STRENGTH}
            showInfo={false}
            strokeColor={score >= REQUIRED_PASSWORD_STRENGTH ? PALETTE.success : PALETTE.warning}
          />
        </Space>
        <Form.Item name="confirmPassword" label={label('auth.confirmPassword')} required>
          <Input.Password autoComplete="new-password" placeholder={label('auth.activation.minChars')} />
        </Form.Item>
        <FormMessage message={message} />
        <Button type="primary" htmlType="submit" block loading={isLoading}>
          <FormattedMessage id="auth.activation.submit" />
        </Button>
      </Form>
    </AuthCard>
  );
}

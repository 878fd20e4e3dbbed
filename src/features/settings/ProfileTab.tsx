import { EditOutlined, LockOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Profile } from '../../contract/Profile';
import { AvatarUpload } from './AvatarUpload';
import { ChangePasswordStep } from './ChangePasswordStep';
import { ProfileDetails } from './ProfileDetails';
import { ProfileForm } from './ProfileForm';
import { TimeZoneSetting } from './TimeZoneSetting';

type ProfileStep = 'read' | 'edit' | 'change-password';

/**
 * The Profile tab (spec §2, §4): read mode, the edit toggle, the change-password step, and the time zone of
 * the saved-search digests.
 */
export function ProfileTab({ profile }: { profile: Profile }) {
  const [step, setStep] = useState<ProfileStep>('read');
  if (step === 'change-password') {
    return (
      <Card>
        <ChangePasswordStep onBack={() => setStep('read')} />
      </Card>
    );
  }
  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 20 }}>
        <AvatarUpload profile={profile} />
        <Flex gap={8} wrap>
          {step === 'read' && (
            <Button icon={<EditOutlined />} onClick={() => setStep('edit')}>
              <FormattedMessage id="settings.profile.edit" />
            </Button>
          )}
          <Button icon={<LockOutlined />} onClick={() => setStep('change-password')}>
            <FormattedMessage id="settings.password.open" />
          </Button>
        </Flex>
      </Flex>
      {step === 'edit' ? (
        <ProfileForm profile={profile} onDone={() => setStep('read')} />
      ) : (
        <ProfileDetails profile={profile} />
      )}
      <TimeZoneSetting />
    </Card>
  );
}

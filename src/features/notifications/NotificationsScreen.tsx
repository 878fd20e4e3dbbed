import { BellOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Card, ConfigProvider, Empty, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { PALETTE } from '../../theme/palette';
import { formatDateTime } from '../../lib/format/dates';
import {
  notificationsSeen,
  pushStatusCheckRequested,
  pushSwitchToggled,
  pushTestRequested,
  selectPushBusy,
  selectPushMessage,
  selectPushStatus,
  selectRecentNotifications,
  selectUnreadNotifications,
  type PushStatusMessage,
} from './notificationsSlice';
import { PUSH_SUPPORT_INFO_URL } from './pushBrowser';
import './notifications.css';

const MESSAGE_COLOURS: Record<PushStatusMessage['kind'], string> = {
  success: PALETTE.success,
  info: 'rgba(0, 0, 0, 0.65)',
  error: PALETTE.error,
};

/** The status line under the switch (spec §2): subscribed or not on this device, or what went wrong. */
function PushStatusLine({ message }: { message: PushStatusMessage | null }) {
  return (
    <p
      role="status"
      className="notifications-status"
      style={{ color: message ? MESSAGE_COLOURS[message.kind] : undefined }}
    >
      {message && <FormattedMessage id={message.id} />}
    </p>
  );
}

/** The push switch, its status line and the test button (spec §2 Notifications, §4 Push, §8). */
function PushSettings() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectPushStatus);
  const busy = useAppSelector(selectPushBusy);
  const message = useAppSelector(selectPushMessage);

  useEffect(() => {
    dispatch(pushStatusCheckRequested());
  }, [dispatch]);

  if (status === 'unsupported') {
    return (
      <Alert
        type="warning"
        showIcon
        title={<FormattedMessage id="notifications.unsupported" />}
        description={
          <a href={PUSH_SUPPORT_INFO_URL} target="_blank" rel="noreferrer noopener">
            <FormattedMessage id="notifications.supportInfo" />
          </a>
        }
      />
    );
  }
  const subscribed = status === 'subscribed';
  return (
    <>
      {/* A label around the switch: a click on the text toggles it, and it names the switch. */}
      <label className="notifications-switch">
        <Switch
          checked={subscribed}
          loading={busy || status === 'checking'}
          disabled={busy || status === 'checking'}
          onChange={(on) => dispatch(pushSwitchToggled(on))}
        />
        <span className="notifications-switch-label">
          <FormattedMessage id="notifications.enable" />
        </span>
      </label>
      <PushStatusLine message={message} />
      {subscribed && (
        // Green (spec §2): the theme's success colour, also for focus ring and click wave.
        <ConfigProvider theme={{ token: { colorPrimary: PALETTE.success } }}>
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={busy}
            onClick={() => dispatch(pushTestRequested())}
            style={{ backgroundColor: PALETTE.success, borderColor: PALETTE.success }}
          >
            <FormattedMessage id="notifications.sendTest" />
          </Button>
        </ConfigProvider>
      )}
    </>
  );
}

/** The in-app notifications received while the app is open (plan changes, quota warnings, tests). */
function RecentNotifications() {
  const dispatch = useAppDispatch();
  const recent = useAppSelector(selectRecentNotifications);
  const unread = useAppSelector(selectUnreadNotifications);
  // Looking at this list is reading it: the counter of the avatar menu goes back to 0.
  useEffect(() => {
    if (unread > 0) dispatch(notificationsSeen());
  }, [dispatch, unread]);
  if (recent.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<FormattedMessage id="notifications.recent.empty" />}
      />
    );
  }
  return (
    <ul className="notifications-list" data-testid="recent-notifications">
      {recent.map((notification) => (
        <li key={notification.id} className="notifications-item">
          <BellOutlined className="notifications-item-icon" aria-hidden />
          <div>
            <div className="notifications-item-title">{notification.title}</div>
            {notification.body && <div>{notification.body}</div>}
            <Typography.Text type="secondary" className="notifications-item-time">
              {formatDateTime(notification.sentAt)}
            </Typography.Text>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /notifications (spec §2): push notifications on this device, and the notifications received in the app. */
export function NotificationsScreen() {
  const intl = useIntl();
  return (
    <div className="notifications-screen">
      <section className="notifications-column" aria-labelledby="notifications-title">
        <Typography.Title level={2} id="notifications-title">
          <FormattedMessage id="screen.notifications.title" />
        </Typography.Title>
        <Card title={intl.formatMessage({ id: 'notifications.push.title' })}>
          <Typography.Paragraph type="secondary">
            <FormattedMessage id="notifications.push.intro" />
          </Typography.Paragraph>
          <PushSettings />
        </Card>
        <Card title={intl.formatMessage({ id: 'notifications.recent.title' })}>
          <RecentNotifications />
        </Card>
      </section>
    </div>
  );
}

import { Typography } from 'antd';
import { FormattedMessage } from 'react-intl';

/** A titled stand-in for a screen that its feature has not built yet. */
export function ScreenPlaceholder({ titleId }: { titleId: string }) {
  return (
    <Typography.Title level={2}>
      <FormattedMessage id={titleId} />
    </Typography.Title>
  );
}

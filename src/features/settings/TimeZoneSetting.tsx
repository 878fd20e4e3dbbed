import { ClockCircleOutlined } from '@ant-design/icons';
import { Flex, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../store/hooks';
import { DEFAULT_TIME_ZONE } from '../../contract/Settings';
import { authErrorText } from '../auth/FormMessage';
import { showSnackbar } from '../ui/uiSlice';
import { useGetPreferencesQuery, useSaveTimeZoneMutation } from './settingsEndpoints';

/** An IANA zone as people read it: "America/New_York" → "America / New York". */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ').replaceAll('/', ' / ');
}

/**
 * The user's time zone (ADR 032): a searchable list of the browser's IANA zones; saved-search digests
 * go out between 9:00 and 22:00 on this clock. The server checks the choice against its own list.
 */
export function TimeZoneSetting() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data: preferences } = useGetPreferencesQuery();
  const [save, { isLoading }] = useSaveTimeZoneMutation();
  const current = preferences?.timeZone ?? DEFAULT_TIME_ZONE;
  const options = useMemo(() => {
    const zones = Intl.supportedValuesOf('timeZone');
    // A zone the server stored that this browser does not list stays shown.
    return (zones.includes(current) ? zones : [current, ...zones]).map((zone) => ({
      value: zone,
      label: timeZoneLabel(zone),
    }));
  }, [current]);

  async function choose(timeZone: string) {
    const result = await save({ timeZone });
    dispatch(
      'error' in result
        ? showSnackbar('error', authErrorText(result.error))
        : showSnackbar('success', {
            id: 'settings.timeZone.saved',
            values: { zone: timeZoneLabel(timeZone) },
          }),
    );
  }

  const label = intl.formatMessage({ id: 'settings.timeZone' });
  return (
    <Flex vertical gap={4} style={{ marginTop: 20, maxWidth: 420 }} data-testid="time-zone-setting">
      <Typography.Text strong>
        <ClockCircleOutlined /> {label}
      </Typography.Text>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={label}
        value={current}
        options={options}
        loading={isLoading || !preferences}
        disabled={!preferences}
        onChange={(zone: string) => void choose(zone)}
        data-testid="time-zone-select"
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <FormattedMessage id="settings.timeZone.hint" />
      </Typography.Text>
    </Flex>
  );
}

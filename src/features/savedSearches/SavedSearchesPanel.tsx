import { DeleteOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, Checkbox, Drawer, Empty, Flex, Input, Popconfirm, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ALERT_FREQUENCIES, type AlertFrequency, type SavedSearch } from '../../contract/SavedSearches';
import { queryStringFromSearch } from '../../contract/SearchParameters';
import { selectMapView } from '../map/mapSlice';
import { selectActiveSearch } from '../search/searchSlice';
import { extentAround } from './mapExtent';
import { addSavedSearchReplyListeners } from './savedSearchReplies';
import {
  useCreateSavedSearchMutation,
  useDeleteSavedSearchMutation,
  useGetSavedSearchesQuery,
  useUpdateSavedSearchMutation,
} from './savedSearchEndpoints';
import {
  savedSearchesPanelToggled,
  savedSearchRun,
  selectSavedSearchesPanelOpen,
} from './savedSearchesSlice';
import './savedSearches.css';

/** Width of the panel beside the map, px. */
const PANEL_WIDTH = 400;
const PERSONAL = '';

function AlertSelect({
  value,
  onChange,
  disabled,
}: {
  value: AlertFrequency;
  onChange(v: AlertFrequency): void;
  disabled?: boolean;
}) {
  const intl = useIntl();
  return (
    <Select
      size="small"
      value={value}
      disabled={disabled}
      onChange={onChange}
      style={{ minWidth: 130 }}
      aria-label={intl.formatMessage({ id: 'savedSearches.alert' })}
      options={ALERT_FREQUENCIES.map((key) => ({
        value: key,
        label: intl.formatMessage({ id: `savedSearches.alert.${key}` }),
      }))}
    />
  );
}

/** Saves the search on screen under a name, with the map extent as its area if wanted. */
function SaveCurrentSearch() {
  const intl = useIntl();
  const active = useAppSelector(selectActiveSearch);
  const view = useAppSelector(selectMapView);
  const [name, setName] = useState('');
  const [withArea, setWithArea] = useState(false);
  const [alert, setAlert] = useState<AlertFrequency>('off');
  const [create, { isLoading }] = useCreateSavedSearchMutation();
  if (!active)
    return (
      <Typography.Paragraph type="secondary">
        <FormattedMessage id="savedSearches.noSearch" />
      </Typography.Paragraph>
    );
  const save = async () => {
    const canvas = document.querySelector('.maplibregl-canvas');
    const area = withArea
      ? extentAround(
          view.center,
          view.zoom,
          canvas?.clientWidth ?? window.innerWidth,
          canvas?.clientHeight ?? window.innerHeight,
        )
      : null;
    const query = queryStringFromSearch(active.criteria);
    const result = await create({ name: name.trim(), query, area, alert });
    if ('data' in result) setName('');
  };
  return (
    <Flex vertical gap={8} className="saved-searches-form" data-testid="save-search-form">
      <Input
        value={name}
        maxLength={80}
        placeholder={intl.formatMessage({ id: 'savedSearches.name' })}
        aria-label={intl.formatMessage({ id: 'savedSearches.name' })}
        onChange={(event) => setName(event.target.value)}
        onPressEnter={() => name.trim() && void save()}
      />
      <Checkbox checked={withArea} onChange={(event) => setWithArea(event.target.checked)}>
        <FormattedMessage id="savedSearches.withArea" />
      </Checkbox>
      <Flex gap={8} align="center" wrap>
        <Typography.Text>
          <FormattedMessage id="savedSearches.alert" />
        </Typography.Text>
        <AlertSelect value={alert} onChange={setAlert} />
        <Button type="primary" disabled={!name.trim()} loading={isLoading} onClick={() => void save()}>
          <FormattedMessage id="savedSearches.save" />
        </Button>
      </Flex>
    </Flex>
  );
}

/** One saved search: run it; its owner renames, shares, sets the alert, deletes. */
function SavedSearchRow({ saved, sites }: { saved: SavedSearch; sites: { id: string; name: string }[] }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [update] = useUpdateSavedSearchMutation();
  const [remove] = useDeleteSavedSearchMutation();
  return (
    <li className="saved-searches-item" data-testid="saved-search">
      <Flex justify="space-between" align="start" gap={8}>
        <div style={{ minWidth: 0 }}>
          <Typography.Text
            strong
            editable={
              saved.canManage
                ? {
                    triggerType: ['icon'],
                    maxLength: 80,
                    onChange: (value) => value.trim() && void update({ id: saved.id, name: value.trim() }),
                  }
                : false
            }
          >
            {saved.name}
          </Typography.Text>
          <div className="saved-searches-meta">
            {saved.site ? (
              <FormattedMessage
                id="savedSearches.sharedBy"
                values={{ site: saved.site.name, owner: saved.owner.name }}
              />
            ) : (
              <FormattedMessage id="savedSearches.personal" />
            )}
            {saved.area && (
              <>
                {' · '}
                <FormattedMessage id="savedSearches.hasArea" />
              </>
            )}
          </div>
        </div>
        <Button
          icon={<PlayCircleOutlined />}
          onClick={() => dispatch(savedSearchRun(saved))}
          data-testid="run-saved-search"
        >
          <FormattedMessage id="savedSearches.run" />
        </Button>
      </Flex>
      {saved.canManage && (
        <Flex gap={8} wrap align="center" className="saved-searches-actions">
          <AlertSelect value={saved.alert} onChange={(alert) => void update({ id: saved.id, alert })} />
          <Select
            size="small"
            value={saved.site?.id ?? PERSONAL}
            style={{ minWidth: 130 }}
            aria-label={intl.formatMessage({ id: 'savedSearches.share' })}
            onChange={(siteId: string) =>
              void update({ id: saved.id, siteId: siteId === PERSONAL ? null : siteId })
            }
            options={[
              { value: PERSONAL, label: intl.formatMessage({ id: 'savedSearches.personal' }) },
              ...sites.map((site) => ({
                value: site.id,
                label: intl.formatMessage({ id: 'savedSearches.shareWith' }, { site: site.name }),
              })),
            ]}
          />
          <Popconfirm
            title={intl.formatMessage({ id: 'savedSearches.deleteConfirm' }, { name: saved.name })}
            okText={intl.formatMessage({ id: 'savedSearches.delete' })}
            cancelText={intl.formatMessage({ id: 'savedSearches.cancel' })}
            onConfirm={() => void remove(saved.id)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={intl.formatMessage({ id: 'savedSearches.delete' })}
            />
          </Popconfirm>
        </Flex>
      )}
    </li>
  );
}

/** The Saved searches panel over the map's left side; on a phone it covers the map area. */
export function SavedSearchesPanel({ fullScreen = false }: { fullScreen?: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSavedSearchesPanelOpen);
  const { data } = useGetSavedSearchesQuery(undefined, { skip: !open });
  useEffect(() => addSavedSearchReplyListeners(dispatch), [dispatch]);
  return (
    <Drawer
      open={open}
      placement="left"
      mask={false}
      size={fullScreen ? '100%' : PANEL_WIDTH}
      zIndex={11}
      getContainer={false}
      onClose={() => dispatch(savedSearchesPanelToggled(false))}
      title={intl.formatMessage({ id: 'savedSearches.title' })}
      closable={{ 'aria-label': intl.formatMessage({ id: 'savedSearches.close' }) }}
      data-testid="saved-searches-panel"
      styles={{ body: { padding: 12 } }}
    >
      <SaveCurrentSearch />
      {data && data.savedSearches.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<FormattedMessage id="savedSearches.empty" />}
        />
      ) : (
        <ul className="saved-searches-list">
          {data?.savedSearches.map((saved) => (
            <SavedSearchRow key={saved.id} saved={saved} sites={data.sites} />
          ))}
        </ul>
      )}
    </Drawer>
  );
}

import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Popconfirm, Select, Spin, Switch, Tag, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { LIST_STATUSES, MAX_LIST_NAME_LENGTH, type ListStatus } from '../../contract/ParcelLists';
import { ListExportMenu } from './ListExportMenu';
import { ListItemRow } from './ListItemRow';
import { ShareSelect } from './ListOverview';
import {
  useDeleteParcelListMutation,
  useGetParcelListQuery,
  useGetParcelListsQuery,
  useSetListAlertsMutation,
  useUpdateParcelListMutation,
} from './listEndpoints';
import { visibleListItems } from './listItemOrder';
import {
  assigneeFilterChosen,
  listOpened,
  listSortChosen,
  selectListView,
  statusFilterChosen,
  UNASSIGNED,
  type ListSort,
} from './listsSlice';
import { STATUS_COLOURS, useStatusName } from './useStatusName';

const SORTS: ListSort[] = ['added', 'number', 'place', 'status', 'area'];
const EVERYONE = '*';

/**
 * One list: its name, sharing and export; counts per status (a click filters by it); filters by status
 * and assignee and an order; its parcels. Its owner renames, shares and deletes it.
 */
export function ListView({ listId }: { listId: string }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const view = useAppSelector(selectListView);
  const { data, isLoading, isError } = useGetParcelListQuery(listId);
  const { data: overview } = useGetParcelListsQuery();
  const [update] = useUpdateParcelListMutation();
  const [remove] = useDeleteParcelListMutation();
  const [setAlerts, alertsChange] = useSetListAlertsMutation();
  const statusName = useStatusName(data?.statuses);
  const back = (
    <Button size="small" icon={<ArrowLeftOutlined />} onClick={() => dispatch(listOpened(null))}>
      <FormattedMessage id="lists.back" />
    </Button>
  );
  if (isLoading) return <Spin />;
  if (isError || !data)
    return (
      <Flex vertical gap={8}>
        {back}
        <Empty description={intl.formatMessage({ id: 'lists.gone' })} />
      </Flex>
    );
  const { list } = data;
  const items = visibleListItems(
    data.items,
    { status: view.statusFilter, assignee: view.assigneeFilter },
    view.sort,
  );
  return (
    <Flex vertical gap={10} data-testid="list-view">
      <Flex justify="space-between" align="center" gap={8} wrap>
        {back}
        <ListExportMenu listId={list.id} disabled={list.itemCount === 0} />
      </Flex>
      <Typography.Title
        level={5}
        style={{ margin: 0 }}
        data-testid="list-name"
        editable={
          list.canManage
            ? {
                maxLength: MAX_LIST_NAME_LENGTH,
                triggerType: ['icon'],
                tooltip: intl.formatMessage({ id: 'lists.rename' }),
                onChange: (name) => {
                  if (name.trim() && name.trim() !== list.name)
                    void update({ id: list.id, name: name.trim() });
                },
              }
            : false
        }
      >
        {list.name}
      </Typography.Title>
      <Flex gap={8} align="center" wrap>
        {list.canManage ? (
          <>
            <ShareSelect
              sites={overview?.sites ?? (list.site ? [list.site] : [])}
              value={list.site?.id ?? null}
              onChange={(siteId) => void update({ id: list.id, siteId })}
            />
            <Popconfirm
              title={intl.formatMessage({ id: 'lists.delete.confirm' })}
              okText={intl.formatMessage({ id: 'lists.delete' })}
              okButtonProps={{ danger: true }}
              cancelText={intl.formatMessage({ id: 'lists.cancel' })}
              onConfirm={async () => {
                const result = await remove(list.id);
                if (!('error' in result)) dispatch(listOpened(null));
              }}
            >
              <Button size="small" danger icon={<DeleteOutlined />}>
                <FormattedMessage id="lists.delete" />
              </Button>
            </Popconfirm>
          </>
        ) : (
          <Typography.Text type="secondary">
            <FormattedMessage
              id="lists.sharedBy"
              values={{ owner: list.owner.name, site: list.site?.name ?? '' }}
            />
          </Typography.Text>
        )}
      </Flex>
      <Flex gap={8} align="center">
        <Switch
          size="small"
          id={`list-alerts-${list.id}`}
          checked={data.alertsOn}
          loading={alertsChange.isLoading}
          onChange={(alertsOn) => void setAlerts({ id: list.id, alertsOn })}
          data-testid="list-alerts"
        />
        <label htmlFor={`list-alerts-${list.id}`}>
          <Typography.Text>
            <FormattedMessage id="lists.alerts" />
          </Typography.Text>
        </label>
      </Flex>
      <Flex
        wrap
        gap={4}
        role="group"
        aria-label={intl.formatMessage({ id: 'lists.counts' })}
        data-testid="list-counts"
      >
        {LIST_STATUSES.map((status) => (
          <Tag.CheckableTag
            key={status}
            checked={view.statusFilter === status}
            onChange={(checked) => dispatch(statusFilterChosen(checked ? status : null))}
            data-status={status}
          >
            <Tag color={STATUS_COLOURS[status]} style={{ margin: 0 }}>
              {statusName(status)} {list.counts[status]}
            </Tag>
          </Tag.CheckableTag>
        ))}
      </Flex>
      <Flex gap={6} wrap>
        <Select
          size="small"
          style={{ minWidth: 120, flex: 1 }}
          value={view.statusFilter ?? EVERYONE}
          aria-label={intl.formatMessage({ id: 'lists.filter.status' })}
          onChange={(value: string) =>
            dispatch(statusFilterChosen(value === EVERYONE ? null : (value as ListStatus)))
          }
          options={[
            { value: EVERYONE, label: intl.formatMessage({ id: 'lists.filter.allStatuses' }) },
            ...LIST_STATUSES.map((status) => ({ value: status, label: statusName(status) })),
          ]}
        />
        <Select
          size="small"
          style={{ minWidth: 120, flex: 1 }}
          value={view.assigneeFilter ?? EVERYONE}
          aria-label={intl.formatMessage({ id: 'lists.filter.assignee' })}
          onChange={(value: string) => dispatch(assigneeFilterChosen(value === EVERYONE ? null : value))}
          options={[
            { value: EVERYONE, label: intl.formatMessage({ id: 'lists.filter.everyone' }) },
            { value: UNASSIGNED, label: intl.formatMessage({ id: 'lists.assignee.nobody' }) },
            ...data.people.map((person) => ({ value: person.id, label: person.name })),
          ]}
        />
        <Select
          size="small"
          style={{ minWidth: 120, flex: 1 }}
          value={view.sort}
          aria-label={intl.formatMessage({ id: 'lists.sort' })}
          onChange={(sort: ListSort) => dispatch(listSortChosen(sort))}
          options={SORTS.map((sort) => ({
            value: sort,
            label: intl.formatMessage({ id: `lists.sort.${sort}` }),
          }))}
        />
      </Flex>
      {data.items.length === 0 ? (
        <Empty description={intl.formatMessage({ id: 'lists.noParcels' })} />
      ) : items.length === 0 ? (
        <Empty description={intl.formatMessage({ id: 'lists.noMatches' })} />
      ) : (
        items.map((item) => (
          <ListItemRow
            key={item.prcId}
            detail={data}
            item={item}
            expanded={view.expandedPrcId === item.prcId}
          />
        ))
      )}
    </Flex>
  );
}

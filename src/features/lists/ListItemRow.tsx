import { DeleteOutlined, MessageOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Flex, Popconfirm, Select, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../store/hooks';
import { LIST_STATUSES, type ParcelListDetail, type ParcelListItem } from '../../contract/ParcelLists';
import { formatMeasure } from '../parcel/parcelDisplay';
import { parcelSelected } from '../parcel/parcelSlice';
import { ListItemHistoryPanel } from './ListItemHistoryPanel';
import { useRemoveListItemMutation, useUpdateListItemMutation } from './listEndpoints';
import { listItemToggled } from './listsSlice';
import { useStatusName } from './useStatusName';

const NOBODY = '';

/**
 * A parcel on the list: its number opens it on the map; its status and assignee change in place; its notes
 * and history fold out below.
 */
export function ListItemRow(props: { detail: ParcelListDetail; item: ParcelListItem; expanded: boolean }) {
  const { detail, item, expanded } = props;
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const statusName = useStatusName(detail.statuses);
  const [update] = useUpdateListItemMutation();
  const [remove] = useRemoveListItemMutation();
  const listId = detail.list.id;
  const title = intl.formatMessage({ id: 'parcel.title' }, { number: item.prcNo });
  return (
    <Card size="small" data-testid="list-item" data-prcid={item.prcId} data-status={item.status}>
      <Flex justify="space-between" align="baseline" gap={8}>
        <button
          type="button"
          className="list-card-open"
          onClick={() =>
            dispatch(
              parcelSelected({
                id: item.prcId,
                centroid: { type: 'Point', coordinates: [item.lon, item.lat] },
              }),
            )
          }
        >
          {title}
        </button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {item.locname} ({item.canton}) · {formatMeasure(item.area, 'm²')}
        </Typography.Text>
      </Flex>
      <Flex gap={6} wrap style={{ marginTop: 6 }}>
        <Select
          size="small"
          value={item.status}
          style={{ minWidth: 120 }}
          aria-label={intl.formatMessage({ id: 'lists.status' }, { parcel: title })}
          data-testid="list-item-status"
          onChange={(status) => void update({ listId, prcId: item.prcId, status })}
          options={LIST_STATUSES.map((status) => ({ value: status, label: statusName(status) }))}
        />
        <Select
          size="small"
          value={item.assignee?.id ?? NOBODY}
          style={{ minWidth: 130, flex: 1 }}
          aria-label={intl.formatMessage({ id: 'lists.assignee' }, { parcel: title })}
          onChange={(id: string) =>
            void update({ listId, prcId: item.prcId, assigneeId: id === NOBODY ? null : id })
          }
          options={[
            { value: NOBODY, label: intl.formatMessage({ id: 'lists.assignee.nobody' }) },
            ...detail.people.map((person) => ({ value: person.id, label: person.name })),
          ]}
        />
        <Badge count={item.noteCount} size="small" color="#2199A5">
          <Button
            size="small"
            icon={<MessageOutlined />}
            aria-expanded={expanded}
            aria-label={intl.formatMessage({ id: 'lists.history' }, { parcel: title })}
            onClick={() => dispatch(listItemToggled(item.prcId))}
          />
        </Badge>
        <Popconfirm
          title={intl.formatMessage({ id: 'lists.remove.confirm' })}
          okText={intl.formatMessage({ id: 'lists.remove' })}
          cancelText={intl.formatMessage({ id: 'lists.cancel' })}
          onConfirm={() => void remove({ listId, prcId: item.prcId })}
        >
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label={intl.formatMessage({ id: 'lists.removeParcel' }, { parcel: title })}
          />
        </Popconfirm>
      </Flex>
      {item.assignee === null && item.addedBy && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <FormattedMessage id="lists.addedBy" values={{ name: item.addedBy.name }} />
        </Typography.Text>
      )}
      {expanded && (
        <div style={{ marginTop: 8 }}>
          <ListItemHistoryPanel listId={listId} prcId={item.prcId} statuses={detail.statuses} />
        </div>
      )}
    </Card>
  );
}

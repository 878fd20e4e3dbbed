import { PlusSquareOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../app/hooks';
import { useAddListItemMutation, useGetParcelListsQuery } from './listEndpoints';
import { listOpened } from './listsSlice';

const NEW_LIST = '__new__';

/**
 * "Add to list" on a result card and in the parcel drawer: a menu of the lists the user sees (their own
 * and their site's), and a way to the Lists panel to make a new one. The lists load when the menu opens.
 */
export function AddToListButton({ prcId, withLabel = false }: { prcId: string; withLabel?: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [opened, setOpened] = useState(false);
  const { data, isFetching } = useGetParcelListsQuery(undefined, { skip: !opened });
  const [addItem] = useAddListItemMutation();
  const label = intl.formatMessage({ id: 'lists.addTo' });
  const items: MenuProps['items'] = [
    ...(data?.lists ?? []).map((list) => ({
      key: list.id,
      label: list.site ? `${list.name} · ${list.site.name}` : list.name,
    })),
    ...(data?.lists.length ? [{ type: 'divider' as const }] : []),
    { key: NEW_LIST, label: intl.formatMessage({ id: 'lists.addTo.new' }) },
  ];
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(open) => open && setOpened(true)}
      menu={{
        items:
          isFetching && !data
            ? [{ key: 'loading', label: intl.formatMessage({ id: 'common.loading' }), disabled: true }]
            : items,
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          if (key === NEW_LIST) {
            dispatch(listOpened(null));
            return;
          }
          const list = data?.lists.find((l) => l.id === key);
          if (list) void addItem({ listId: list.id, prcId, listName: list.name });
        },
      }}
    >
      <Button
        type={withLabel ? 'default' : 'text'}
        size="small"
        icon={<PlusSquareOutlined />}
        aria-label={label}
        title={label}
        data-testid="add-to-list"
        onClick={(event) => event.stopPropagation()}
      >
        {withLabel ? label : null}
      </Button>
    </Dropdown>
  );
}

import { PlusSquareOutlined } from '@ant-design/icons';
import { Button, Dropdown, Menu, Spin, type MenuProps } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../app/hooks';
import { useAddListItemMutation, useGetParcelListsQuery } from './listEndpoints';
import { listOpened } from './listsSlice';
import './lists.css';

const NEW_LIST = '__new__';

/** The menu of the lists the user sees; mounted only while open, so a page of result cards stays light. */
function ListMenu({ prcId, onDone }: { prcId: string; onDone(): void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data } = useGetParcelListsQuery();
  const [addItem] = useAddListItemMutation();
  const items: MenuProps['items'] = [
    ...(data?.lists ?? []).map((list) => ({
      key: list.id,
      label: list.site ? `${list.name} · ${list.site.name}` : list.name,
    })),
    ...(data?.lists.length ? [{ type: 'divider' as const }] : []),
    { key: NEW_LIST, label: intl.formatMessage({ id: 'lists.addTo.new' }) },
  ];
  return (
    <div className="add-to-list-menu" onClick={(event) => event.stopPropagation()}>
      {data ? (
        <Menu
          selectable={false}
          items={items}
          onClick={({ key }) => {
            onDone();
            if (key === NEW_LIST) {
              dispatch(listOpened(null));
              return;
            }
            const list = data.lists.find((l) => l.id === key);
            if (list) void addItem({ listId: list.id, prcId, listName: list.name });
          }}
        />
      ) : (
        <Spin
          size="small"
          aria-label={intl.formatMessage({ id: 'common.loading' })}
          style={{ padding: 12 }}
        />
      )}
    </div>
  );
}

/**
 * "Add to list" on a result card and in the parcel drawer: a menu of the lists the user sees (their own
 * and their site's), and a way to the Lists panel to make a new one. The lists load when the menu opens.
 */
export function AddToListButton({ prcId, withLabel = false }: { prcId: string; withLabel?: boolean }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const label = intl.formatMessage({ id: 'lists.addTo' });
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      popupRender={() => (open ? <ListMenu prcId={prcId} onDone={() => setOpen(false)} /> : null)}
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

import { PlusSquareOutlined } from '@ant-design/icons';
import { Button, Dropdown, Menu, Spin, type MenuProps } from 'antd';
import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../store/hooks';
import type { ParcelListSummary } from '../../contract/ParcelLists';
import { useAddListItemMutation, useAddListItemsMutation, useGetParcelListsQuery } from './listEndpoints';
import { listOpened } from './listsSlice';
import './lists.css';

const NEW_LIST = '__new__';

/** The menu of the lists the user sees; mounted only while open, so a page of result cards stays light. */
function ListMenu({ onChoose, onDone }: { onChoose(list: ParcelListSummary): void; onDone(): void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data } = useGetParcelListsQuery();
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
            if (list) onChoose(list);
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

/** A button that opens the menu of the user's lists; the lists load when the menu opens. */
function ListPicker({ onChoose, button }: { onChoose(list: ParcelListSummary): void; button: ReactElement }) {
  const [open, setOpen] = useState(false);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      popupRender={() => (open ? <ListMenu onChoose={onChoose} onDone={() => setOpen(false)} /> : null)}
    >
      {button}
    </Dropdown>
  );
}

/**
 * "Add to list" on a result card and in the parcel drawer: a menu of the lists the user sees (their own
 * and their site's), and a way to the Lists panel to make a new one. The lists load when the menu opens.
 */
export function AddToListButton({ prcId, withLabel = false }: { prcId: string; withLabel?: boolean }) {
  const intl = useIntl();
  const [addItem] = useAddListItemMutation();
  const label = intl.formatMessage({ id: 'lists.addTo' });
  return (
    <ListPicker
      onChoose={(list) => void addItem({ listId: list.id, prcId, listName: list.name })}
      button={
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
      }
    />
  );
}

/**
 * "Add to list" for many parcels at once, a map selection's or a site's: one request for all of them.
 * `from` says which (a selection ends once it is on the list).
 */
export function AddAllToListButton({
  prcIds,
  from,
  disabled,
  type = 'primary',
  size = 'small',
  testId = 'add-selection-to-list',
}: {
  prcIds: string[];
  from: 'mapSelection' | 'site';
  disabled?: boolean;
  type?: 'primary' | 'default';
  size?: 'small' | 'middle';
  testId?: string;
}) {
  const intl = useIntl();
  const [addItems, { isLoading }] = useAddListItemsMutation();
  return (
    <ListPicker
      onChoose={(list) => void addItems({ listId: list.id, prcIds, listName: list.name, from })}
      button={
        <Button
          type={type}
          size={size}
          icon={<PlusSquareOutlined />}
          disabled={disabled}
          loading={isLoading}
          data-testid={testId}
        >
          {intl.formatMessage({ id: 'lists.addTo' })}
        </Button>
      }
    />
  );
}

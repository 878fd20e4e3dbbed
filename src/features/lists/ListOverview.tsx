import { TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Form, Input, Select, Spin, Tag, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { hasAccess } from '../../lib/accessCheck';
import { selectProfile } from '../auth/sessionSlice';
import { StatusNamesEditor } from './StatusNamesEditor';
import { LIST_STATUSES, MAX_LIST_NAME_LENGTH, type ParcelListSummary } from '../../contract/ParcelLists';
import { useCreateParcelListMutation, useGetParcelListsQuery } from './listEndpoints';
import { listOpened } from './listsSlice';
import { STATUS_COLOURS, useStatusName } from './useStatusName';

const PERSONAL = '';

/** Personal, or shared with one of the user's sites. */
export function ShareSelect(props: {
  sites: { id: string; name: string }[];
  value?: string | null;
  onChange?: (siteId: string | null) => void;
  id?: string;
}) {
  const intl = useIntl();
  return (
    <Select
      id={props.id}
      style={{ minWidth: 160 }}
      value={props.value ?? PERSONAL}
      onChange={(value: string) => props.onChange?.(value === PERSONAL ? null : value)}
      aria-label={intl.formatMessage({ id: 'lists.share' })}
      options={[
        { value: PERSONAL, label: intl.formatMessage({ id: 'lists.personal' }) },
        ...props.sites.map((site) => ({
          value: site.id,
          label: intl.formatMessage({ id: 'lists.sharedWith' }, { site: site.name }),
        })),
      ]}
    />
  );
}

function ListCard({ list }: { list: ParcelListSummary }) {
  const dispatch = useAppDispatch();
  const statusName = useStatusName(undefined);
  return (
    <Card size="small" hoverable data-testid="list-card" onClick={() => dispatch(listOpened(list.id))}>
      <Flex justify="space-between" align="baseline" gap={8}>
        <button
          type="button"
          className="list-card-open"
          onClick={(event) => {
            event.stopPropagation();
            dispatch(listOpened(list.id));
          }}
        >
          {list.name}
        </button>
        <Typography.Text type="secondary">
          <FormattedMessage id="lists.parcelCount" values={{ count: list.itemCount }} />
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {list.site ? (
          <>
            <TeamOutlined /> <FormattedMessage id="lists.sharedWith" values={{ site: list.site.name }} /> ·{' '}
            {list.owner.name}
          </>
        ) : (
          <>
            <UserOutlined /> <FormattedMessage id="lists.personal" />
          </>
        )}
      </Typography.Text>
      <Flex wrap gap={4} style={{ marginTop: 6 }}>
        {LIST_STATUSES.filter((status) => list.counts[status] > 0).map((status) => (
          <Tag key={status} color={STATUS_COLOURS[status]} style={{ marginInlineEnd: 0 }}>
            {statusName(status)} {list.counts[status]}
          </Tag>
        ))}
      </Flex>
    </Card>
  );
}

/** All the user's lists (their own and those shared with their sites), and a form to start one. */
export function ListOverview() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<{ name: string; siteId: string | null }>();
  const { data, isLoading } = useGetParcelListsQuery();
  const isAdmin = hasAccess(useAppSelector(selectProfile)?.roles ?? [], 'ADMIN');
  const [create, { isLoading: creating }] = useCreateParcelListMutation();
  const submit = async ({ name, siteId }: { name: string; siteId: string | null }) => {
    const result = await create({ name: name.trim(), siteId: siteId ?? null });
    if ('data' in result && result.data) {
      form.resetFields();
      dispatch(listOpened(result.data.id));
    }
  };
  return (
    <Flex vertical gap={12}>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        initialValues={{ name: '', siteId: null }}
        data-testid="new-list-form"
        requiredMark={false}
      >
        <Form.Item
          name="name"
          label={intl.formatMessage({ id: 'lists.new.name' })}
          rules={[
            { required: true, whitespace: true, message: intl.formatMessage({ id: 'validation.required' }) },
            {
              max: MAX_LIST_NAME_LENGTH,
              message: intl.formatMessage({ id: 'lists.new.tooLong' }, { max: MAX_LIST_NAME_LENGTH }),
            },
          ]}
          style={{ marginBottom: 8 }}
        >
          <Input
            maxLength={MAX_LIST_NAME_LENGTH}
            placeholder={intl.formatMessage({ id: 'lists.new.placeholder' })}
          />
        </Form.Item>
        <Flex gap={8} wrap>
          <Form.Item name="siteId" noStyle>
            <ShareSelect sites={data?.sites ?? []} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={creating}>
            <FormattedMessage id="lists.new.create" />
          </Button>
        </Flex>
      </Form>
      {isLoading ? (
        <Spin />
      ) : data?.lists.length ? (
        data.lists.map((list) => <ListCard key={list.id} list={list} />)
      ) : (
        <Empty description={intl.formatMessage({ id: 'lists.empty' })} />
      )}
      {isAdmin && data?.sites.length ? <StatusNamesEditor sites={data.sites} /> : null}
    </Flex>
  );
}

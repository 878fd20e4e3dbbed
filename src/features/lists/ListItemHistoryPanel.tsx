import { Button, Empty, Flex, Input, Spin, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_LIST_NOTE_LENGTH, type ListActivity, type PipelineStatus } from '../../contract/ParcelLists';
import { formatDateTime } from '../../lib/format/dates';
import { useAddListNoteMutation, useGetListItemHistoryQuery } from './listEndpoints';
import { useStatusName } from './useStatusName';

/** One activity entry as a sentence: who did what, with the statuses in the list's own names. */
function ActivityText({ entry, statuses }: { entry: ListActivity; statuses: readonly PipelineStatus[] }) {
  const intl = useIntl();
  const statusName = useStatusName(statuses);
  const actor = entry.actor?.name ?? intl.formatMessage({ id: 'lists.activity.someone' });
  const isStatus = entry.kind === 'status';
  const from = isStatus && entry.from ? statusName(entry.from as PipelineStatus['key']) : entry.from;
  const to =
    isStatus && entry.to
      ? statusName(entry.to as PipelineStatus['key'])
      : entry.kind === 'facts' && entry.to
        ? entry.to
            .split(',')
            .map((topic) => intl.formatMessage({ id: `lists.facts.${topic}` }))
            .join(', ')
        : entry.to;
  const id =
    entry.kind === 'assignee' && entry.to === null
      ? 'lists.activity.unassigned'
      : `lists.activity.${entry.kind}`;
  return <>{intl.formatMessage({ id }, { actor, from: from ?? '', to: to ?? '' })}</>;
}

/** A parcel's notes (plain text, newest first, with a box to add one) and its activity history. */
export function ListItemHistoryPanel(props: {
  listId: string;
  prcId: string;
  statuses: readonly PipelineStatus[];
}) {
  const { listId, prcId, statuses } = props;
  const intl = useIntl();
  const { data, isLoading } = useGetListItemHistoryQuery({ listId, prcId });
  const [addNote, { isLoading: saving }] = useAddListNoteMutation();
  const [text, setText] = useState('');
  const save = async () => {
    const result = await addNote({ listId, prcId, text: text.trim() });
    if ('data' in result) setText('');
  };
  if (isLoading || !data) return <Spin size="small" />;
  return (
    <Flex vertical gap={8} data-testid="list-item-history" onClick={(event) => event.stopPropagation()}>
      <Typography.Text strong>
        <FormattedMessage id="lists.notes" />
      </Typography.Text>
      <Input.TextArea
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={MAX_LIST_NOTE_LENGTH}
        autoSize={{ minRows: 2, maxRows: 6 }}
        aria-label={intl.formatMessage({ id: 'lists.notes.new' })}
        placeholder={intl.formatMessage({ id: 'lists.notes.new' })}
      />
      <Button
        size="small"
        onClick={() => void save()}
        disabled={!text.trim()}
        loading={saving}
        style={{ alignSelf: 'flex-end' }}
      >
        <FormattedMessage id="lists.notes.add" />
      </Button>
      {data.notes.length === 0 ? (
        <Typography.Text type="secondary">
          <FormattedMessage id="lists.notes.none" />
        </Typography.Text>
      ) : (
        data.notes.map((note) => (
          <div key={note.id} className="list-note" data-testid="list-note">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {note.author?.name ?? intl.formatMessage({ id: 'lists.activity.someone' })} ·{' '}
              {formatDateTime(note.at)}
            </Typography.Text>
            {/* Plain text: shown as text, line breaks kept, never as markup. */}
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {note.text}
            </Typography.Paragraph>
          </div>
        ))
      )}
      <Typography.Text strong>
        <FormattedMessage id="lists.activity" />
      </Typography.Text>
      {data.activity.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Timeline
          items={data.activity.map((entry) => ({
            key: entry.id,
            content: (
              <>
                <ActivityText entry={entry} statuses={statuses} />
                <br />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(entry.at)}
                </Typography.Text>
              </>
            ),
          }))}
        />
      )}
    </Flex>
  );
}

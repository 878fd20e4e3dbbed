import { useIntl } from 'react-intl';
import type { ListStatus, PipelineStatus } from '../../contract/ParcelLists';

/** A status's name: as the list's site renamed it, else its translated default name. */
export function useStatusName(
  statuses: readonly PipelineStatus[] | undefined,
): (status: ListStatus) => string {
  const intl = useIntl();
  return (status) =>
    statuses?.find((s) => s.key === status)?.label ?? intl.formatMessage({ id: `lists.status.${status}` });
}

/** A colour per pipeline step, from early (blue) to won (green) and given up (grey). */
export const STATUS_COLOURS: Record<ListStatus, string> = {
  new: 'blue',
  reviewing: 'geekblue',
  contacted: 'purple',
  offer: 'orange',
  acquired: 'green',
  dropped: 'default',
};

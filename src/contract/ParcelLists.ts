/**
 * Lists of parcels kept by a person or shared with the colleagues of a site: a pipeline status, an
 * assignee, notes and an activity history per parcel, and the list's bulk export. Shared by server and browser.
 */

/** The pipeline's steps, in order. Their names are translated (`lists.status.*`) unless a site renamed them. */
export const LIST_STATUSES = ['new', 'reviewing', 'contacted', 'offer', 'acquired', 'dropped'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

/** Longest list name, note and status label, in characters. */
export const MAX_LIST_NAME_LENGTH = 80;
export const MAX_LIST_NOTE_LENGTH = 2000;
export const MAX_STATUS_LABEL_LENGTH = 40;
/** Most parcels one list holds (an export of a list is made at once, not in the background). */
export const MAX_LIST_ITEMS = 2000;
/** Most parcels one request adds to a list (a box drawn on the map). */
export const MAX_BULK_LIST_ADD = 500;

/** A pipeline step as a site names it: `label` null means the translated default name. */
export interface PipelineStatus {
  key: ListStatus;
  label: string | null;
}

export interface ListPerson {
  id: string;
  name: string;
}

/** A list as the Lists panel shows it. Times are ISO date-times. */
export interface ParcelListSummary {
  id: string;
  name: string;
  owner: ListPerson;
  /** The site whose members see and work on the list; null for a personal list. */
  site: { id: string; name: string } | null;
  itemCount: number;
  counts: Record<ListStatus, number>;
  createdAt: string;
  updatedAt: string;
  /** Whether the asking user may rename, share and delete it (its owner). */
  canManage: boolean;
}

/** A parcel on a list, with what the list's people know of it. */
export interface ParcelListItem {
  prcId: string;
  prcNo: string;
  locname: string;
  canton: string;
  /** Area in m². */
  area: number;
  /** The parcel's centroid in WGS84 degrees (the list's parcels on the map). */
  lon: number;
  lat: number;
  status: ListStatus;
  assignee: ListPerson | null;
  addedBy: ListPerson | null;
  addedAt: string;
  noteCount: number;
}

export interface ParcelListDetail {
  list: ParcelListSummary;
  items: ParcelListItem[];
  statuses: PipelineStatus[];
  /** Who may be assigned a parcel: the owner and, when shared, the site's members. */
  people: ListPerson[];
  /** Whether the asking user is told (in the app, by push and mail) when a listed parcel's facts change. */
  alertsOn: boolean;
}

/** `POST lists/:id/alerts`: the asking user's alerts of the list on or off (a mail's unsubscribe is off). */
export interface ListAlertsRequest {
  alertsOn: boolean;
}

export interface ListNote {
  id: string;
  author: ListPerson | null;
  at: string;
  /** Plain text: the browser shows it as text, never as markup. */
  text: string;
}

export type ListActivityKind =
  | 'created'
  | 'renamed'
  | 'shared'
  | 'unshared'
  | 'added'
  | 'removed'
  | 'status'
  | 'assignee'
  | 'note'
  /** A dataset update changed the parcel's facts: `to` names the topics (ListedFactTopic), comma-separated. */
  | 'facts';

/** The facts of a listed parcel whose change in a dataset update raises an alert. */
export const LISTED_FACT_TOPICS = [
  'area',
  'zone',
  'reserve',
  'buildings',
  'hazards',
  'heritage',
  'groundwater',
  'contamination',
  'noise',
  'gone',
] as const;
export type ListedFactTopic = (typeof LISTED_FACT_TOPICS)[number];

export interface ListActivity {
  id: string;
  kind: ListActivityKind;
  /** The parcel the activity concerns; null for the list itself. */
  prcId: string | null;
  actor: ListPerson | null;
  at: string;
  /** What changed: status keys, a name, an assignee's name. */
  from: string | null;
  to: string | null;
}

export interface ListItemHistory {
  notes: ListNote[];
  activity: ListActivity[];
}

export interface ParcelListsResponse {
  lists: ParcelListSummary[];
  /** The sites the user can share a list with. */
  sites: { id: string; name: string }[];
}

export interface CreateParcelListRequest {
  name: string;
  /** Share with this site at once; null or absent for a personal list. */
  siteId?: string | null;
}

/** Rename and/or share (`siteId` a site of the owner) or make personal (`siteId` null). */
export interface UpdateParcelListRequest {
  name?: string;
  siteId?: string | null;
}

export interface AddListItemRequest {
  prcId: string;
}

/** Parcels added at once (a map selection): all that can be added are, or none when the list would overflow. */
export interface AddListItemsRequest {
  prcIds: string[];
}

/** What a bulk add did: parcels added, parcels the list had already, ids the dataset does not know. */
export interface AddListItemsResponse {
  added: number;
  alreadyListed: number;
  notFound: number;
}

export interface UpdateListItemRequest {
  status?: ListStatus;
  assigneeId?: string | null;
}

export interface AddListNoteRequest {
  text: string;
}

export interface RenameStatusRequest {
  /** The new name; null gives the step its default (translated) name back. */
  label: string | null;
}

export interface SiteStatusesResponse {
  siteId: string;
  statuses: PipelineStatus[];
}

/** The socket event (`message` {type, data: {listId}}) sent to everyone who sees a list when it changes. */
export const LIST_CHANGED_EVENT = 'list-changed';

/** The bulk export formats of a list. */
export const LIST_EXPORT_FORMATS = ['csv', 'xlsx', 'gpkg', 'geojson', 'dxf'] as const;
export type ListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];

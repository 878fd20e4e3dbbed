import { mainApi } from '../../api/mainApi';
import { ssoApi } from '../../api/ssoApi';
import type { InviteRequest, MessageResponse } from '../../contract/Accounts';
import type {
  AdminActionResponse,
  AdminUserPage,
  AdminUserQuery,
  AuditLogPage,
  FileItemType,
  Preferences,
  SaveEmailSignatureResponse,
  SaveSiteRequest,
  SaveTimeZoneRequest,
  SiteListResponse,
  UploadResponse,
} from '../../contract/Settings';

/** Main-server calls of the settings screen (spec §7): preferences, the signature, uploads, avatar bytes. */
export const settingsMainEndpoints = mainApi.injectEndpoints({
  endpoints: (build) => ({
    getPreferences: build.query<Preferences, void>({
      query: () => 'preferences/',
      providesTags: ['Preferences'],
    }),
    saveEmailSignature: build.mutation<SaveEmailSignatureResponse, string>({
      query: (emailSignature) => ({
        url: 'preferences/email-signature',
        method: 'POST',
        body: { emailSignature },
      }),
      invalidatesTags: ['Preferences'],
    }),
    /** The zone the user's saved-search digests keep their hours in. */
    saveTimeZone: build.mutation<Preferences, SaveTimeZoneRequest>({
      query: (body) => ({ url: 'preferences/time-zone', method: 'POST', body }),
      invalidatesTags: ['Preferences'],
    }),
    /** `POST file-items/{type}/upload` with the multipart field `file`. */
    uploadFile: build.mutation<UploadResponse, { type: FileItemType; file: File }>({
      query: ({ type, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: `file-items/${type}/upload`, method: 'POST', body };
      },
      invalidatesTags: (_result, _error, { type }) => (type === 'avatar' ? ['Preferences'] : []),
    }),
    /**
     * A guarded file (the avatar) as an object URL: an <img> cannot send the bearer token, so the bytes are
     * fetched with it and only the URL string enters the cache.
     */
    getFileObjectUrl: build.query<string, string>({
      query: (id) => ({
        url: `file-items/${encodeURIComponent(id)}`,
        responseHandler: async (response) => URL.createObjectURL(await response.blob()),
      }),
      keepUnusedDataFor: 3600,
      // The object URL holds the bytes until revoked: free them when the cache entry goes.
      async onCacheEntryAdded(_id, { cacheDataLoaded, cacheEntryRemoved }) {
        const loaded = await cacheDataLoaded.catch(() => null);
        await cacheEntryRemoved;
        if (loaded) URL.revokeObjectURL(loaded.data);
      },
    }),
  }),
});

/** SSO calls of the settings screen: sites, the administrators' account management, the e-mail change links. */
export const settingsSsoEndpoints = ssoApi.injectEndpoints({
  endpoints: (build) => ({
    getAccessibleSites: build.query<SiteListResponse, void>({
      query: () => 'api/user/accessible-sites',
      providesTags: ['Sites'],
    }),
    getAllSites: build.query<SiteListResponse, void>({
      query: () => 'api/admin/sites',
      providesTags: ['Sites'],
    }),
    saveSite: build.mutation<MessageResponse, SaveSiteRequest>({
      query: (body) => ({ url: 'api/admin/sites', method: 'POST', body }),
      invalidatesTags: ['Sites'],
    }),
    getAdminUsers: build.query<AdminUserPage, AdminUserQuery>({
      query: (params) => ({
        url: 'api/admin/users',
        params: { ...params, search: params.search || undefined },
      }),
      providesTags: ['AdminUsers'],
    }),
    getAuditLog: build.query<AuditLogPage, { userId?: string; page?: number }>({
      query: (params) => ({ url: 'api/admin/audit-log', params }),
      providesTags: ['AdminUsers'],
    }),
    inviteUser: build.mutation<MessageResponse, InviteRequest>({
      query: (body) => ({ url: 'api/admin/invite', method: 'POST', body }),
      invalidatesTags: ['AdminUsers'],
    }),
    adminUserAction: build.mutation<
      AdminActionResponse,
      { id: string; action: 'resend-invitation' | 'unlock' | 'end-sessions' }
    >({
      query: ({ id, action }) => ({
        url: `api/admin/users/${encodeURIComponent(id)}/${action}`,
        method: 'POST',
      }),
      invalidatesTags: ['AdminUsers'],
    }),
    setUserRoles: build.mutation<AdminActionResponse, { id: string; roles: string[] }>({
      query: ({ id, roles }) => ({
        url: `api/admin/users/${encodeURIComponent(id)}/roles`,
        method: 'POST',
        body: { roles },
      }),
      invalidatesTags: ['AdminUsers', 'Profile'],
    }),
    setUserSites: build.mutation<AdminActionResponse, { id: string; sites: string[] }>({
      query: ({ id, sites }) => ({
        url: `api/admin/users/${encodeURIComponent(id)}/sites`,
        method: 'POST',
        body: { sites },
      }),
      invalidatesTags: ['AdminUsers', 'Profile', 'Sites'],
    }),
    confirmEmailChange: build.mutation<MessageResponse, string>({
      query: (key) => ({ url: 'api/user/confirm-email-change', method: 'POST', body: { key } }),
      extraOptions: { anonymous: true },
      invalidatesTags: ['Profile'],
    }),
    undoEmailChange: build.mutation<MessageResponse, string>({
      query: (key) => ({ url: 'api/user/undo-email-change', method: 'POST', body: { key } }),
      extraOptions: { anonymous: true },
    }),
  }),
});

export const {
  useGetPreferencesQuery,
  useSaveEmailSignatureMutation,
  useSaveTimeZoneMutation,
  useUploadFileMutation,
  useGetFileObjectUrlQuery,
} = settingsMainEndpoints;

export const {
  useGetAccessibleSitesQuery,
  useGetAllSitesQuery,
  useSaveSiteMutation,
  useGetAdminUsersQuery,
  useGetAuditLogQuery,
  useInviteUserMutation,
  useAdminUserActionMutation,
  useSetUserRolesMutation,
  useSetUserSitesMutation,
  useConfirmEmailChangeMutation,
  useUndoEmailChangeMutation,
} = settingsSsoEndpoints;

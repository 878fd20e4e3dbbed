/** The session profile of spec §3. */
export interface Site {
  siteID: string;
  name?: string;
}

export interface Profile {
  _id?: string;
  roles: string[];
  accessRights: string[];
  sites: Site[];
  token?: string;
  username: string;
  name: string;
  email: string;
  phone: string;
  teams: string[];
  defaultLanguage?: string;
  companyName?: string;
  companyAddress?: string;
  /** A new e-mail address waiting for its confirmation link to be opened. */
  pendingEmail?: string;
  /** The account's company requires a second factor and none is set up yet: only enrolment is open. */
  twoFactorSetupRequired?: boolean;
}

/** The dialog's type-to-find selects, each backed by one lookup of spec §7. */
export type LookupField = 'canton' | 'locname' | 'street' | 'thermal' | 'alphaPri' | 'alphaSec';

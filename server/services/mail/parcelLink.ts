/** The app link that opens a parcel (the share link's `parcel` parameter), as alert mails carry it. */
export const parcelLink = (publicUrl: string, prcId: string) =>
  `${publicUrl.replace(/\/$/, '')}/?parcel=${encodeURIComponent(prcId)}`;

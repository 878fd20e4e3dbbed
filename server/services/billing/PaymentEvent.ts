/**
 * The part of a provider event (Stripe's Event shape) fulfilment reads. The object is read field by
 * field with `valueAt` because Stripe moves fields between API versions (e.g. the period moved from the
 * subscription to its items, the invoice's subscription under `parent`).
 */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  data: { object: Record<string, unknown> };
}

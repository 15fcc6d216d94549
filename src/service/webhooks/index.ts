/** Public entry of webhooks: subscriptions, the dispatcher, test sends and signature verification for receivers. */
export type { Delivery, DeliveryStatus, Subscription } from "./_tables.js";
export type { AttemptResult } from "./attempt.js";
export { type DeliveryListing, listDeliveries } from "./deliveries.js";
export { createDispatcher, type Dispatcher, type DispatcherOptions, startDispatcher } from "./dispatcher.js";
export { enqueueEvent } from "./enqueue-event.js";
export { WebhookError, type WebhookErrorCode } from "./errors.js";
export { DEFAULT_RETRY_POLICY, type RetryPolicy, retryDelayMs } from "./retry-policy.js";
export { type SendTestOptions, sendTest } from "./send-test.js";
export {
  DEFAULT_TOLERANCE_SECONDS,
  DELIVERY_ID_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  sign,
  type VerifyFailure,
  type VerifyOptions,
  type VerifyResult,
  verifySignature,
} from "./signature.js";
export {
  addSubscription,
  generateSecret,
  getSubscription,
  listSubscriptions,
  type NewSubscription,
  removeSubscription,
  setSubscriptionDisabled,
} from "./subscriptions.js";
export { isPrivateAddress, type TargetPolicy, targetPolicyFrom } from "./target.js";

// Names of the background jobs, shared by whoever enqueues a job and its handler.
/** payload {cartId}: drop that cart's reservations once they have expired. */
export const RELEASE_RESERVATIONS_JOB = 'inventory.release-expired-reservations';
/** payload {productId}: publish a scheduled product once its publish_at has come. */
export const PUBLISH_PRODUCT_JOB = 'catalog.publish-scheduled-product';
/**
 * payload {productId, variantId, units}: email the first `units` waiting restock sign-ups
 * (all when null). Queued by the 0026 trigger when a variant's stock goes from 0 to N.
 */
export const RESTOCK_WAVE_JOB = 'restock.send-wave';
/**
 * payload {campaignId, batch}: move the campaign's next recipients into the mail outbox,
 * then queue batch + 1 (features/campaigns/campaigns.service.ts runBatch).
 */
export const CAMPAIGN_BATCH_JOB = 'campaigns.send-batch';
/**
 * payload {orderId, number}: charge that installment of a pay-in-4 order once it is due
 * (features/installments/installment-capture.ts); a decline queues the next try.
 */
export const INSTALLMENT_CAPTURE_JOB = 'installments.capture';

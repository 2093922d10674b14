// Names of the background jobs, shared by whoever enqueues a job and its handler.
/** payload {cartId}: drop that cart's reservations once they have expired. */
export const RELEASE_RESERVATIONS_JOB = 'inventory.release-expired-reservations';

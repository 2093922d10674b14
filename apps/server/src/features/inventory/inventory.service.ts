import type { JobRow } from '../../db/db-types.ts';
import type { InventoryQueries } from './inventory.repo.ts';

export type InventoryService = ReturnType<typeof createInventoryService>;

export function createInventoryService({ inventoryRepo }: { inventoryRepo: InventoryQueries }) {
  return {
    /**
     * Job handler: drops a cart's reservations once they have expired. Availability
     * already ignores expired rows, so this is housekeeping that keeps the table small;
     * a reservation renewed since the job was queued is left alone.
     */
    async releaseExpiredReservations(job: JobRow): Promise<void> {
      const cartId = typeof job.payload.cartId === 'string' ? job.payload.cartId : undefined;
      await inventoryRepo.deleteExpired({ websiteId: job.website_id, ...(cartId && { cartId }) });
    },
  };
}

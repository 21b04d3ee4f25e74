/**
 * The transaction coordinator's two timeout settings, as rules a model's Kafka side applies: the
 * largest transaction timeout a producer may ask for, and the periodic scan that aborts the
 * transactions past theirs. Pure.
 */

/**
 * InitProducerId with a transaction.timeout.ms above the broker's transaction.max.timeout.ms is
 * refused with INVALID_TRANSACTION_TIMEOUT ("The transaction timeout is larger than the maximum
 * value allowed by the broker (as configured by transaction.max.timeout.ms)",
 * TransactionCoordinator.handleInitProducerId, every release since 0.11). The one-line refusal, or
 * null when the timeout is allowed. Pure.
 */
export function transactionTimeoutRefusal(timeoutMs: number, maxTimeoutMs: number): string | null {
  return timeoutMs > maxTimeoutMs
    ? `INVALID_TRANSACTION_TIMEOUT: transaction.timeout.ms ${timeoutMs} is larger than the broker's ` +
        `transaction.max.timeout.ms ${maxTimeoutMs}`
    : null;
}

/**
 * When the coordinator's scan aborts a transaction due at `deadline`: the first run of
 * abortTimedOutTransactions at or after it, the scan running every
 * transactions.abort.timed.out.transaction.cleanup.interval.ms from the broker's start
 * (TransactionCoordinator.startup schedules it at that fixed rate). Pure.
 */
export function expiryScanAt(deadline: number, intervalMs: number): number {
  return Math.ceil(deadline / intervalMs) * intervalMs;
}

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
 * Whether the coordinator applies transaction timeouts to a producer's transactions: not with KIP-939's
 * transaction.two.phase.commit.enable=true, where the external transaction manager decides every outcome
 * (the coordinator neither refuses a large timeout nor aborts on one). KIP-939's client and broker APIs are in
 * no release up to 4.2 (KAFKA-19414 removed them from 4.2 until ready), and no flink-connector-kafka release
 * uses them: a hypothetical setting. Pure.
 */
export function timeoutsApply(twoPhaseCommit: boolean): boolean {
  return !twoPhaseCommit;
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

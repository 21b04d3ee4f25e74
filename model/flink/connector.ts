/**
 * The flink-connector-kafka releases `connector.version` names, and what changed between them that the model
 * steps differently (read in the connector's tags v3.0.0 to v5.0.0). Pure.
 */
import type { Lookup } from '../core/keys.js';

/** The connector releases accepted by `connector.version` (major.minor; patch releases change none of this). */
export const CONNECTOR_VERSIONS = ['3.0', '3.1', '3.2', '3.3', '3.4', '4.0', '5.0'] as const;

export type ConnectorVersion = (typeof CONNECTOR_VERSIONS)[number];

/** The newest modelled release, the default. */
export const NEWEST_CONNECTOR: ConnectorVersion = '5.0';

/** What a connector release has. */
export interface ConnectorRelease {
  /**
   * FLINK-35749 (fixed in 3.3.0): the writer callback's mailbox action rethrows a send error
   * (`mailboxExecutor.execute`). 3.0.0 to 3.2.0 `mailboxExecutor.submit` it: `checkAsyncException` clears the error
   * and its IOException stays in a Future nobody reads.
   */
  readonly propagatesSendErrors: boolean;
  /** `TransactionNamingStrategy` (POOLING beside INCREMENTING) exists from 4.0.0 (FLINK-34554). */
  readonly namingStrategies: boolean;
  /**
   * 4.0.0 is built for Flink 2.0.0 and 5.0.0 for 2.1.0 (the poms' flink.version), whose CommitterOperator retries a
   * committable synchronously and in checkpoint order (FLINK-36455); 3.x runs on Flink 1.x (3.4.0: 1.20.0), which
   * may retry it later. ProducerPoolImpl.recycleByTransactionId (4.0.0+) relies on that order: "committables are
   * processed in order of the checkpoint id".
   */
  readonly flinkTwo: boolean;
}

/** What release `v` has. Pure. */
export function connectorRelease(v: ConnectorVersion): ConnectorRelease {
  return {
    propagatesSendErrors: atLeast(v, '3.3'),
    namingStrategies: atLeast(v, '4.0'),
    flinkTwo: atLeast(v, '4.0'),
  };
}

/** Whether release `v` is `from` or later. Pure. */
export function atLeast(v: ConnectorVersion, from: ConnectorVersion): boolean {
  return CONNECTOR_VERSIONS.indexOf(v) >= CONNECTOR_VERSIONS.indexOf(from);
}

/** The release `connector.version` names while defaults are derived. Pure. */
export function connectorReleaseOf(get: Lookup): ConnectorRelease {
  const v = get('connector.version');
  return connectorRelease(CONNECTOR_VERSIONS.find((x) => x === v) ?? NEWEST_CONNECTOR);
}

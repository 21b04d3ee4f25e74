/**
 * The flink-connector-kafka release a Flink pipeline runs, as its files name it (`connector.version`): the
 * refusal of a release no modelled one is, unless --set gives one, and the release's rules in words. Pure.
 */
import { CONNECTOR_VERSIONS, connectorRelease } from '../model/flink/connector.js';
import type { Claim } from './claims.js';

const isModelled = (v: string): v is (typeof CONNECTOR_VERSIONS)[number] =>
  (CONNECTOR_VERSIONS as readonly string[]).includes(v);

/**
 * Why the connector release a file names cannot be checked (the bundled pre-3.0 connector, a release not modelled,
 * a version that names none), at its file and line; null when it can, or when --set gives the release.
 */
export function connectorRefusal(winners: readonly Claim[]): string | null {
  const w = winners.find((x) => x.key === 'connector.version');
  if (w === undefined || w.where === '--set' || isModelled(w.text)) return null;
  return `${w.where}: ${w.why}`;
}

/** The connector release and the rules it gets, in words, for the answer's releases; null when none is known. */
export function describeConnector(version: string, how: string): string | null {
  if (!isModelled(version)) return null;
  const r = connectorRelease(version);
  const errors = r.propagatesSendErrors
    ? 'a send error fails the task (FLINK-35749 fixed in 3.3)'
    : 'a send error the writer callback saw is swallowed (FLINK-35749, fixed in 3.3)';
  const naming = r.namingStrategies
    ? 'sink.transaction-naming-strategy INCREMENTING or POOLING (FLINK-34554)'
    : 'INCREMENTING transactional ids only (sink.transaction-naming-strategy from 4.0)';
  return `flink-connector-kafka ${version} (${how}): ${errors}; ${naming}`;
}

/** The application models over one engine: `consume-transform-produce` here, `kafka-streams` in model/streams. */

import type { ConfigOf, Keys } from '../core/keys.js';
import { compile } from '../core/model.js';
import { checkClientKeys } from '../kafka/clients.js';
import { clusterIdentity, newCluster, newGroup, newTxn } from '../kafka/cluster.js';
import { answeredTable } from '../kafka/coordinator-refusal.js';
import { checkKafkaKeys } from '../kafka/keys.js';
import { emptyPartition } from '../kafka/records.js';
import { NEWEST, release } from '../kafka/releases.js';
import { appActions } from './actions.js';
import { newAppInstance } from './client.js';
import { type AppSettings, type CtpConfig, ctpKeys, ctpSettings } from './config.js';
import { appDrain } from './drain.js';
import { appCodec } from './schema.js';
import { type AppState, txnIdName } from './state.js';

/** The initial state: empty partitions, coordinators empty, one unjoined instance per slot. Pure. */
export function appInitialState(c: AppSettings): AppState {
  const names = c.stateful ? ['out-0', 'changelog-0'] : ['out-0'];
  return {
    config: c,
    now: 0,
    kafka: newCluster(
      c.rules,
      names.map(emptyPartition),
      Array.from({ length: c.producers }, (_, k) => newTxn(txnIdName(c, k), k + 1)),
      [
        c.consumerProtocol
          ? { ...newGroup('app', c.inputPartitions), memberEpochs: [] }
          : { ...newGroup('app', c.inputPartitions), formerIds: [] },
      ],
    ),
    apps: Array.from({ length: c.instances }, (_, k) => newAppInstance(c, k, 1)),
    sink: { table: [], calls: [] },
    network: [],
    faults: { crashes: 0, pauses: 0, delays: 0 },
    outcomes: [],
    events: [],
  };
}

/** The fields that identify a state, in key order (config and events excluded). */
function identity(s: AppState): readonly unknown[] {
  return [s.now, ...clusterIdentity(s.kafka), s.faults, s.outcomes, s.apps, s.sink, s.network];
}

/** Builds an application model from its name, keys and settings. */
export function appModel<K extends Keys>(
  name: string,
  summary: string,
  keys: K,
  settings: (c: ConfigOf<K>) => AppSettings,
  validate: (c: ConfigOf<K>) => string | null,
) {
  return compile({
    name,
    summary,
    keys,
    validate,
    init: (c: ConfigOf<K>) => appInitialState(settings(c)),
    // What the transaction coordinator refuses now is not taken (model/kafka/coordinator-refusal.ts).
    actions: answeredTable(appActions, (s: AppState) => s.kafka),
    drain: appDrain,
    identity,
    // Its rules push to a state's events and never read them; so do the Kafka slice's.
    eventsUnread: true,
    fast: { encode: appCodec.encode, decode: appCodec.decode, copy: appCodec.copy },
  });
}

/**
 * group.protocol=consumer needs a consumer that has it: ConsumerConfig defines group.protocol from 3.7.0 (KIP-848's
 * preview; GA in 4.0), and an older one refuses the unknown value. One line, or null. Pure.
 */
export function checkGroupProtocol(c: CtpConfig): string | null {
  const version = c.kafkaVersion ?? NEWEST;
  if (c.groupProtocol === 'consumer' && !release(version).consumerGroupProtocol)
    return (
      'group.protocol=consumer needs kafka.version 3.7 or later (KIP-848: a preview in 3.7, GA in 4.0); ' +
      `kafka.version=${version} accepts group.protocol=classic`
    );
  return null;
}

/** The `consume-transform-produce` model. */
export const ctpModel = appModel(
  'consume-transform-produce',
  'a consumer group of application instances reading `in`, transforming each record to `out` ' +
    '(or an external sink), committing offsets per commit.strategy; rebalances, zombies, KIP-447; with ' +
    'record.processing.ms the poll timer and the session (max.poll.interval.ms, session.timeout.ms)',
  ctpKeys,
  ctpSettings,
  (c) => checkKafkaKeys(c) ?? checkClientKeys(c) ?? checkGroupProtocol(c),
);

/** The `flink-kafka` model: a Flink job reading Kafka and writing Kafka, checkpoints, failures. */
import { compile } from '../core/model.js';
import { clusterIdentity } from '../kafka/cluster.js';
import { answeredTable } from '../kafka/coordinator-refusal.js';
import { checkKafkaKeys } from '../kafka/keys.js';
import { flinkActions } from './actions.js';
import { type FlinkConfig, flinkKafkaKeys, unalignedOn } from './config.js';
import { connectorRelease } from './connector.js';
import { drain } from './drain.js';
import { commitRetryOf, flinkRelease } from './flink-release.js';
import { initialState } from './init.js';
import { flinkCodec } from './schema.js';
import type { FlinkState } from './state.js';

/**
 * The fields that identify a state: everything but the static config and the last step's events (job 2 only with
 * jobs=2).
 */
function identity(s: FlinkState): readonly unknown[] {
  const p: unknown[] = [s.now, ...clusterIdentity(s.kafka), s.jm, s.task, s.faults, s.ghost];
  if (s.second) p.push(s.second);
  return p;
}

/** Why Flink (or the model) refuses a combination of keys, one line naming what is accepted; null when none. Pure. */
function refusal(c: FlinkConfig): string | null {
  // CheckpointConfig.setCheckpointInterval (which configure() calls for the option): MINIMAL_CHECKPOINT_TIME is 10 ms.
  if (c.checkpointIntervalMs < 10)
    return (
      `execution.checkpointing.interval=${c.checkpointIntervalMs}: Flink refuses it (Checkpoint interval must be ` +
      'larger than or equal to 10 ms): accepted from 10 to 3600000'
    );
  // CheckpointingOptions.ENABLE_UNALIGNED: "only be enabled if ... max-concurrent-checkpoints is 1".
  if (unalignedOn(c) && c.maxConcurrent > 1)
    return (
      'execution.checkpointing.unaligned.enabled=true needs execution.checkpointing.max-concurrent-checkpoints=1 ' +
      '(Flink does not support concurrent unaligned checkpoints): accepted with max-concurrent-checkpoints=1'
    );
  if (c.maxConcurrent > 1 && c.checkpointingMode === 'AT_LEAST_ONCE' && c.inputs === 2)
    return (
      'execution.checkpointing.max-concurrent-checkpoints above 1 is modelled with aligned barriers only (barrier ' +
      'tracking of several checkpoints at once at a two-input operator is not): accepted with ' +
      'execution.checkpointing.mode=EXACTLY_ONCE, job.inputs=1, or max-concurrent-checkpoints=1'
    );
  const release = connectorRelease(c.connectorVersion);
  // TransactionNamingStrategy is a 4.0.0 addition (FLINK-34554): 3.x's KafkaSinkBuilder has no such setter.
  if (c.namingStrategy === 'POOLING' && !release.namingStrategies)
    return (
      `sink.transaction-naming-strategy=POOLING needs connector.version 4.0 or later (FLINK-34554); ` +
      `connector.version=${c.connectorVersion} accepts INCREMENTING`
    );
  // Switching strategies needs both of them, and POOLING is modelled at a fixed parallelism.
  if (c.strategyChange && !release.namingStrategies)
    return (
      `faults.strategy-change=true needs connector.version 4.0 or later (sink.transaction-naming-strategy, ` +
      `FLINK-34554); connector.version=${c.connectorVersion} accepts false`
    );
  if (c.strategyChange && c.rescale)
    return (
      'faults.strategy-change=true is modelled at a fixed parallelism only (POOLING with a rescale is not): accepted ' +
      'with faults.rescale=false'
    );
  // Connectors 3.x build on Flink 1.x's sink API, 4.0 and later on 2.x's (their poms' flink.version).
  const flink = flinkRelease(c.flinkVersion);
  if (flink.major >= 2 !== release.flinkTwo)
    return (
      `flink.version=${c.flinkVersion} needs connector.version ${flink.major >= 2 ? '4.0 or 5.0' : '3.0 to 3.4'}: ` +
      `connector.version=${c.connectorVersion} runs on Flink ${release.flinkTwo ? '2.x' : '1.x'}`
    );
  // Each release retries one way: flink.commit-retry names what the release does, for a reader of the config.
  const retry = commitRetryOf(flink);
  if (c.commitRetry !== retry)
    return (
      `flink.commit-retry=${c.commitRetry} is not what Flink ${c.flinkVersion} does (FLINK-36455 retries ` +
      `synchronously from 1.19.2, 1.20.1 and 2.0.0): accepted ${retry}, or a flink.version that retries ` +
      (c.commitRetry === 'later' ? 'later (1.17, 1.18, 1.19.0, 1.19.1, 1.20.0)' : 'synchronously')
    );
  // SinkOptions.COMMITTER_RETRIES came with FLINK-36455: a release that retries later has no count to set.
  if (c.commitRetry === 'later' && c.committerRetries !== 0)
    return (
      `sink.committer.retries=${c.committerRetries} needs a Flink release that retries synchronously (1.19.2, ` +
      `1.20.1, 2.0.0 and later, FLINK-36455); Flink ${c.flinkVersion} has no such option: accepted 0 (unset)`
    );
  if (c.propagateSendErrors && !release.propagatesSendErrors)
    return (
      `safeguard.propagate-send-errors=true needs connector.version 3.3 or later (FLINK-35749); ` +
      `connector.version=${c.connectorVersion} swallows the mailbox action's error: accepted false`
    );
  return null;
}

/** What Flink does with an accepted config that differs from what its keys say, one line each. Pure. */
function notes(c: FlinkConfig): string[] {
  // StreamJobGraphGenerator.preValidate (Flink 1.12 to 2.x) logs the warning and disables unaligned checkpoints.
  if (c.unaligned && !unalignedOn(c))
    return [
      'execution.checkpointing.unaligned.enabled=true with execution.checkpointing.mode=AT_LEAST_ONCE: Flink warns ' +
        '"Unaligned checkpoints can only be used with checkpointing mode EXACTLY_ONCE" and switches them off ' +
        "(StreamJobGraphGenerator): checked as Flink runs it, AT_LEAST_ONCE's barrier tracking without channel state",
    ];
  return [];
}

/** The `flink-kafka` model. */
export const flinkKafkaModel = compile({
  name: 'flink-kafka',
  summary:
    'a Flink job (KafkaSource -> count -> KafkaSink) with checkpoints, barrier alignment, ' +
    'two-phase commit through the Kafka coordinator, crashes, lost notifications and restarts',
  keys: flinkKafkaKeys,
  validate: (c) => checkKafkaKeys(c) ?? refusal(c),
  notes,
  init: initialState,
  // What the transaction coordinator refuses now is not taken (model/kafka/coordinator-refusal.ts).
  actions: answeredTable(flinkActions, (s: FlinkState) => s.kafka),
  drain,
  identity,
  // Its rules push to a state's events and never read them; so do the Kafka slice's.
  eventsUnread: true,
  fast: { encode: flinkCodec.encode, decode: flinkCodec.decode, copy: flinkCodec.copy },
  // Records, checkpoints, a crash and a restart take a couple of dozen steps: search that deep.
  defaultDepth: 24,
});
